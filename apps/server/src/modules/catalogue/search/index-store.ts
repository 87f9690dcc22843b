import { normalizeText, tokenize } from './normalize.js';
import { NONE, TYPO_MIN_LENGTH } from './words.js';

/** What the index knows of an asset: its type and its title/description per locale. */
export interface SearchDocument {
  assetId: string;
  type: string;
  locales: Record<string, { title: string; description?: string }>;
}

/** (token, slot) pairs in slot order, then as posting lists (CSR: offsets per token, slots). */
class Occurrences {
  private tokens = new Int32Array(1 << 16);
  private slots = new Int32Array(1 << 16);
  private size = 0;

  add(token: number, slot: number): void {
    if (this.size === this.tokens.length) {
      const grow = (a: Int32Array) => {
        const b = new Int32Array(a.length * 2);
        b.set(a);
        return b;
      };
      this.tokens = grow(this.tokens);
      this.slots = grow(this.slots);
    }
    this.tokens[this.size] = token;
    this.slots[this.size++] = slot;
  }

  /** Offsets (indexed by sorted token position, length + 1) and slots, ascending per token. */
  postings(sortedId: Int32Array): [Int32Array, Int32Array] {
    const offsets = new Int32Array(sortedId.length + 1);
    for (let i = 0; i < this.size; i++) offsets[sortedId[this.tokens[i]!]! + 1]!++;
    for (let t = 1; t <= sortedId.length; t++) offsets[t]! += offsets[t - 1]!;
    const cursor = offsets.slice(0, sortedId.length);
    const postings = new Int32Array(this.size);
    for (let i = 0; i < this.size; i++) postings[cursor[sortedId[this.tokens[i]!]!]!++] = this.slots[i]!;
    return [offsets, postings];
  }
}

export const normalizeLocale = (locale: string) => locale.trim().toLowerCase().replace(/_/g, '-');

/**
 * The index's data, built once from the documents (this file: the layout and its building); the
 * ranking (ranking.ts) and the querying (search-index.ts) read it, in the subclasses that add them.
 *
 * Layout: each (document, locale) pair is a "slot". The vocabulary (every normalised word) is a
 * sorted array (binary search for prefixes) with, per word, posting lists of slots for titles and
 * for descriptions (flat Int32Arrays). The scratch arrays serve one query at a time.
 */
export abstract class IndexStore {
  protected readonly docs: SearchDocument[];
  /** Slots of document d: slotStart[d] ≤ s < slotStart[d + 1]. */
  protected readonly slotStart: Int32Array;
  protected readonly slotDoc: Int32Array;
  protected readonly slotLocale: string[];
  protected readonly slotTitle: string[];
  protected readonly slotDescription: string[];
  protected readonly slotTitleTokens: string[][];
  protected readonly slotFoldedTitle: string[];
  /** Rank of the slot's folded title in alphabetical order (unique). */
  protected readonly slotRank: Int32Array;
  protected readonly rankSlot: Int32Array;
  protected readonly rankBits: number;
  protected readonly vocab: string[];
  protected readonly tokenId: Map<string, number>;
  protected readonly titleOffsets: Int32Array;
  protected readonly titlePostings: Int32Array;
  protected readonly descOffsets: Int32Array;
  protected readonly descPostings: Int32Array;
  /** The index's letters, grouped by 128-code-point block (its "script"). */
  protected readonly alphabet: Map<number, string[]>;
  protected readonly displaySlotCache = new Map<string, Int32Array>();
  /** Per display-slot array: the documents in alphabetical order of their displayed title. */
  protected readonly displayOrders = new WeakMap<Int32Array, Int32Array>();
  // Scratch space for one query at a time (queries are synchronous).
  protected readonly matched: Uint8Array;
  protected readonly titleWords: Uint8Array;
  protected readonly typos: Uint8Array;
  protected readonly prefixes: Uint8Array;
  protected readonly wordKind: Uint8Array;
  protected readonly wordInTitle: Uint8Array;
  protected readonly touched: Int32Array;
  protected readonly docKey: Float64Array;
  protected readonly docList: Int32Array;

  protected constructor(docs: SearchDocument[]) {
    this.docs = docs;
    const slotStart = new Int32Array(docs.length + 1);
    const slotDoc: number[] = [];
    this.slotLocale = [];
    this.slotTitle = [];
    this.slotDescription = [];
    this.slotTitleTokens = [];
    // Token ids in order of first sight; occurrences (token id, slot) recorded once per slot in
    // flat growable buffers, turned into posting lists afterwards (no array per token to grow).
    const ids = new Map<string, number>();
    const seenTokens: string[] = [];
    const lastTitleSlot: number[] = [];
    const lastDescSlot: number[] = [];
    const titleOcc = new Occurrences();
    const descOcc = new Occurrences();
    const idOf = (token: string) => {
      let id = ids.get(token);
      if (id === undefined) {
        id = seenTokens.length;
        ids.set(token, id);
        seenTokens.push(token);
        lastTitleSlot.push(-1);
        lastDescSlot.push(-1);
      }
      return id;
    };
    const foldedTitles: string[] = [];
    for (let d = 0; d < docs.length; d++) {
      slotStart[d] = slotDoc.length;
      for (const [locale, text] of Object.entries(docs[d]!.locales)) {
        const slot = slotDoc.length;
        const title = text.title ?? '';
        const description = text.description ?? '';
        slotDoc.push(d);
        this.slotLocale.push(normalizeLocale(locale));
        this.slotTitle.push(title);
        this.slotDescription.push(description);
        const folded = normalizeText(title);
        foldedTitles.push(folded);
        const titleTokens = folded === '' ? [] : folded.split(' ');
        this.slotTitleTokens.push(titleTokens);
        for (const t of titleTokens) {
          const id = idOf(t);
          if (lastTitleSlot[id] !== slot) {
            lastTitleSlot[id] = slot;
            titleOcc.add(id, slot);
          }
        }
        for (const t of tokenize(description)) {
          const id = idOf(t);
          if (lastDescSlot[id] !== slot) {
            lastDescSlot[id] = slot;
            descOcc.add(id, slot);
          }
        }
      }
    }
    slotStart[docs.length] = slotDoc.length;
    this.slotStart = slotStart;
    this.slotDoc = Int32Array.from(slotDoc);
    const nSlots = slotDoc.length;

    // Alphabetical rank of every slot's title (folded, then by asset id) for the final tie-break.
    const order = Array.from({ length: nSlots }, (_, i) => i);
    order.sort((a, b) => {
      const x = foldedTitles[a]!;
      const y = foldedTitles[b]!;
      if (x !== y) return x < y ? -1 : 1;
      return a - b;
    });
    this.rankSlot = Int32Array.from(order);
    this.slotRank = new Int32Array(nSlots);
    for (let r = 0; r < nSlots; r++) this.slotRank[order[r]!] = r;
    this.rankBits = Math.max(1, Math.ceil(Math.log2(nSlots + 1)));
    this.slotFoldedTitle = foldedTitles;

    // Vocabulary and posting lists.
    const byToken = Array.from({ length: seenTokens.length }, (_, i) => i);
    byToken.sort((a, b) => {
      const x = seenTokens[a]!;
      const y = seenTokens[b]!;
      return x < y ? -1 : x > y ? 1 : 0;
    });
    this.vocab = byToken.map((id) => seenTokens[id]!);
    this.tokenId = new Map(this.vocab.map((t, i) => [t, i]));
    const sortedId = new Int32Array(byToken.length);
    for (let i = 0; i < byToken.length; i++) sortedId[byToken[i]!] = i;
    [this.titleOffsets, this.titlePostings] = titleOcc.postings(sortedId);
    [this.descOffsets, this.descPostings] = descOcc.postings(sortedId);

    const letters = new Set<string>();
    for (const t of this.vocab) if (t.length >= TYPO_MIN_LENGTH - 1) for (const c of t) letters.add(c);
    this.alphabet = new Map();
    for (const c of letters) {
      const block = c.codePointAt(0)! >> 7;
      const group = this.alphabet.get(block);
      if (group) group.push(c);
      else this.alphabet.set(block, [c]);
    }

    this.matched = new Uint8Array(nSlots);
    this.titleWords = new Uint8Array(nSlots);
    this.typos = new Uint8Array(nSlots);
    this.prefixes = new Uint8Array(nSlots);
    this.wordKind = new Uint8Array(nSlots).fill(NONE);
    this.wordInTitle = new Uint8Array(nSlots);
    this.touched = new Int32Array(nSlots);
    this.docKey = new Float64Array(docs.length);
    this.docList = new Int32Array(docs.length);
  }

  get size(): number {
    return this.docs.length;
  }
}
