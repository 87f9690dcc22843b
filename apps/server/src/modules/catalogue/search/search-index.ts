import { normalizeText, tokenize } from './normalize.js';

/** Below this many characters the search routes answer 400 (the route checks, not the index). */
export const MIN_SEARCH_LENGTH = 2;
/** Words of this many letters or more tolerate one typo (Damerau-Levenshtein distance 1). */
export const TYPO_MIN_LENGTH = 5;
/** Query words beyond this many are ignored. */
export const MAX_QUERY_WORDS = 32;

/** What the index knows of an asset: its type and its title/description per locale. */
export interface SearchDocument {
  assetId: string;
  type: string;
  locales: Record<string, { title: string; description?: string }>;
}

export interface Suggestion {
  text: string;
  assetId: string;
}

export interface SuggestOptions {
  locale: string;
  /** Default 10. */
  limit?: number;
  /** Keeps only documents of these types (checked before ranking: no cost for the others). */
  types?: ReadonlySet<string>;
  /** Keeps only the assets it accepts (publication, country…); called lazily, best first. */
  accept?: (assetId: string) => boolean;
}

export interface QueryOptions {
  /** The locale shown and preferred; falls back to fr, then any locale. */
  locale?: string;
  /** Keeps only documents of these types. */
  types?: ReadonlySet<string>;
  accept?: (assetId: string) => boolean;
}

/**
 * One search result. `score` is higher for better hits and only meaningful for ordering within one
 * answer. The highlighted strings are the displayed (requested locale, else fr, else any) title and
 * description, HTML-escaped, the matched words wrapped in `<em>…</em>`; they are computed on first
 * read (prototype getters, and `toJSON` for serialisation): read the properties, don't spread.
 */
export interface SearchHit {
  assetId: string;
  score: number;
  highlightedTitle: string;
  highlightedDescription: string;
}

/** How a vocabulary word matches a query word (smaller is better). */
const Kind = { Exact: 0, Prefix: 1, Typo: 2 } as const;
type Kind = (typeof Kind)[keyof typeof Kind];
const NONE = 255;

interface QueryWord {
  word: string;
  /** Prefix matching allowed (the last word). */
  prefix: boolean;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
const WORD_RUN = /[\p{L}\p{N}\p{M}\u0640]+/gu;

/** Optimal string alignment distance is at most 1 (one insertion, deletion, substitution or swap). */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > 1) return false;
  let i = 0;
  while (i < la && i < lb && a[i] === b[i]) i++;
  if (la === lb) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true; // substitution
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2); // transposition
  }
  return la > lb ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

function tokenMatches(token: string, w: QueryWord): boolean {
  if (token === w.word) return true;
  if (w.prefix && token.startsWith(w.word)) return true;
  return w.word.length >= TYPO_MIN_LENGTH && withinOneEdit(token, w.word);
}

/** Escapes `text` and wraps the words matching a query word in `<em>…</em>`. */
function highlight(text: string, words: QueryWord[]): string {
  if (text === '') return '';
  let out = '';
  let last = 0;
  for (const m of text.matchAll(WORD_RUN)) {
    const run = m[0];
    const at = m.index;
    const tokens = tokenize(run);
    const hit = tokens.some((t) => words.some((w) => tokenMatches(t, w)));
    if (!hit) continue;
    out += escapeHtml(text.slice(last, at)) + '<em>' + escapeHtml(run) + '</em>';
    last = at + run.length;
  }
  return out + escapeHtml(text.slice(last));
}

class Hit implements SearchHit {
  readonly assetId: string;
  readonly score: number;
  readonly #title: string;
  readonly #description: string;
  readonly #words: QueryWord[];
  #highlightedTitle?: string;
  #highlightedDescription?: string;

  constructor(assetId: string, score: number, title: string, description: string, words: QueryWord[]) {
    this.assetId = assetId;
    this.score = score;
    this.#title = title;
    this.#description = description;
    this.#words = words;
  }

  get highlightedTitle(): string {
    return (this.#highlightedTitle ??= highlight(this.#title, this.#words));
  }

  get highlightedDescription(): string {
    return (this.#highlightedDescription ??= highlight(this.#description, this.#words));
  }

  toJSON(): SearchHit {
    return { assetId: this.assetId, score: this.score, highlightedTitle: this.highlightedTitle, highlightedDescription: this.highlightedDescription };
  }
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

const normalizeLocale = (locale: string) => locale.trim().toLowerCase().replace(/_/g, '-');

/**
 * An immutable in-memory index over titles and descriptions, built once per catalogue version.
 *
 * Layout: each (document, locale) pair is a "slot". The vocabulary (every normalised word) is a
 * sorted array (binary search for prefixes) with, per word, posting lists of slots for titles and
 * for descriptions (flat Int32Arrays). Typo candidates are generated from the query word (every
 * string at one edit, over the index's own alphabet in the word's script) and looked up in the
 * vocabulary: ~0.1 ms for a 14-letter word (~700 strings), and nothing to build or keep in memory,
 * where a SymSpell deletion map would hold every deletion of every word (not built to compare).
 */
export class SearchIndex {
  private readonly docs: SearchDocument[];
  /** Slots of document d: slotStart[d] ≤ s < slotStart[d + 1]. */
  private readonly slotStart: Int32Array;
  private readonly slotDoc: Int32Array;
  private readonly slotLocale: string[];
  private readonly slotTitle: string[];
  private readonly slotDescription: string[];
  private readonly slotTitleTokens: string[][];
  private readonly slotFoldedTitle: string[];
  /** Rank of the slot's folded title in alphabetical order (unique). */
  private readonly slotRank: Int32Array;
  private readonly rankSlot: Int32Array;
  private readonly rankBits: number;
  private readonly vocab: string[];
  private readonly tokenId: Map<string, number>;
  private readonly titleOffsets: Int32Array;
  private readonly titlePostings: Int32Array;
  private readonly descOffsets: Int32Array;
  private readonly descPostings: Int32Array;
  /** The index's letters, grouped by 128-code-point block (its "script"). */
  private readonly alphabet: Map<number, string[]>;
  private readonly displaySlotCache = new Map<string, Int32Array>();
  /** Per display-slot array: the documents in alphabetical order of their displayed title. */
  private readonly displayOrders = new WeakMap<Int32Array, Int32Array>();
  // Scratch space for one query at a time (queries are synchronous).
  private readonly matched: Uint8Array;
  private readonly titleWords: Uint8Array;
  private readonly typos: Uint8Array;
  private readonly prefixes: Uint8Array;
  private readonly wordKind: Uint8Array;
  private readonly wordInTitle: Uint8Array;
  private readonly touched: Int32Array;
  private readonly docKey: Float64Array;
  private readonly docList: Int32Array;

  private constructor(docs: SearchDocument[]) {
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

  /** Builds the index; the documents must not change afterwards. */
  static build(docs: SearchDocument[]): SearchIndex {
    return new SearchIndex(docs);
  }

  get size(): number {
    return this.docs.length;
  }

  /**
   * Titles completing what the user typed: every word but the last is a complete word of the
   * title (or one edit away for words of 5+ letters), the last one a word prefix. Answers the title
   * in the requested locale (else fr, else any), de-duplicated, best first: titles in the displayed
   * locale, titles starting with the text, word-start matches, then typo matches; shorter titles
   * first, then alphabetical.
   */
  suggest(text: string, options: SuggestOptions): Suggestion[] {
    const limit = options.limit ?? 10;
    const words = this.queryWords(text);
    if (words.length === 0 || limit <= 0) return [];
    const count = this.intersect(words, false);
    if (count === 0) return [];
    const display = this.displaySlots(options.locale);
    const docs = this.bestPerDoc(
      count,
      (slot) => {
        const doc = this.slotDoc[slot]!;
        const displayed = display[doc] === slot ? 0 : 1;
        const category = this.typos[slot]! > 0 ? 2 : this.startsTitle(slot, words) ? 0 : 1;
        return displayed * 4 + category;
      },
      this.typeFilter(options.types),
    );
    const out: Suggestion[] = [];
    const seen = new Set<string>();
    const take = (ordered: Int32Array, from: number) => {
      for (let i = from; i < ordered.length && out.length < limit; i++) {
        const doc = ordered[i]!;
        const slot = display[doc]!;
        const assetId = this.docs[doc]!.assetId;
        const folded = this.slotFoldedTitle[slot]!;
        if (seen.has(folded)) continue;
        if (options.accept && !options.accept(assetId)) continue;
        seen.add(folded);
        out.push({ text: this.slotTitle[slot]!, assetId });
      }
    };
    // Usually the first few best documents are enough: select them without ordering the rest,
    // and look further (duplicates, rejected assets) only when needed.
    let done = 0;
    for (let m = limit * 3 + 10; out.length < limit && done < docs; m *= 8) {
      const head = m * 8 > docs ? this.orderDocs(docs, display) : this.firstDocs(docs, display, m);
      take(head, done);
      done = head.length;
    }
    return out;
  }

  /**
   * Free-text search: every word matches (exactly, as a prefix for the last word, or within one
   * edit for words of 5+ letters) the title or description of one locale of the asset. Best first:
   * a title match, fewer typos, more words in the title, fewer prefix-only words, the displayed
   * locale, then shorter displayed title and alphabetical order.
   */
  query(text: string, options: QueryOptions = {}): SearchHit[] {
    const words = this.queryWords(text);
    if (words.length === 0) return [];
    const count = this.intersect(words, true);
    if (count === 0) return [];
    const display = this.displaySlots(options.locale ?? 'fr');
    const n = words.length;
    const accepted = options.accept;
    const ofType = this.typeFilter(options.types);
    const keep =
      ofType && accepted
        ? (doc: number) => ofType(doc) && accepted(this.docs[doc]!.assetId)
        : (ofType ?? (accepted && ((doc: number) => accepted(this.docs[doc]!.assetId))));
    const docs = this.bestPerDoc(
      count,
      (slot) => {
        const doc = this.slotDoc[slot]!;
        const inTitle = Math.min(this.titleWords[slot]!, 15);
        const typos = Math.min(this.typos[slot]!, 15);
        const prefixes = Math.min(this.prefixes[slot]!, 15);
        const displayed = display[doc] === slot ? 0 : 1;
        return ((((inTitle > 0 ? 0 : 1) * 16 + typos) * 16 + (15 - inTitle)) * 16 + prefixes) * 2 + displayed;
      },
      keep,
    );
    const ordered = this.orderDocs(docs, display);
    const hits: SearchHit[] = new Array(ordered.length);
    for (let i = 0; i < ordered.length; i++) {
      const doc = ordered[i]!;
      const slot = display[doc]!;
      const relevance = this.docKey[doc]!;
      hits[i] = new Hit(this.docs[doc]!.assetId, scoreOf(relevance, n), this.slotTitle[slot]!, this.slotDescription[slot]!, words);
    }
    return hits;
  }

  /** Whether a document is of one of `types` (undefined: every document is). */
  private typeFilter(types: ReadonlySet<string> | undefined): ((doc: number) => boolean) | undefined {
    return types && ((doc) => types.has(this.docs[doc]!.type));
  }

  private queryWords(text: string): QueryWord[] {
    const tokens = tokenize(text).slice(0, MAX_QUERY_WORDS);
    return tokens.map((word, i) => ({ word, prefix: i === tokens.length - 1 }));
  }

  /**
   * Marks the slots matching every word; returns how many (their ids are in `touched[0..count)`,
   * with `titleWords`, `typos` and `prefixes` set for them).
   */
  private intersect(words: QueryWord[], withDescriptions: boolean): number {
    const { matched, titleWords, typos, prefixes, wordKind, wordInTitle, touched } = this;
    matched.fill(0);
    titleWords.fill(0);
    typos.fill(0);
    prefixes.fill(0);
    let count = 0;
    for (let i = 0; i < words.length; i++) {
      const candidates = this.candidates(words[i]!);
      let found = 0;
      const visit = (postings: Int32Array, from: number, to: number, kind: number, title: number) => {
        for (let p = from; p < to; p++) {
          const slot = postings[p]!;
          if (matched[slot] !== i) continue;
          if (wordKind[slot] === NONE) {
            touched[found++] = slot;
            wordKind[slot] = kind;
            wordInTitle[slot] = title;
          } else {
            if (kind < wordKind[slot]!) wordKind[slot] = kind;
            if (title) wordInTitle[slot] = 1;
          }
        }
      };
      for (const [token, kind] of candidates) {
        visit(this.titlePostings, this.titleOffsets[token]!, this.titleOffsets[token + 1]!, kind, 1);
        if (withDescriptions) visit(this.descPostings, this.descOffsets[token]!, this.descOffsets[token + 1]!, kind, 0);
      }
      for (let k = 0; k < found; k++) {
        const slot = touched[k]!;
        matched[slot] = i + 1;
        const kind = wordKind[slot]!;
        if (kind === Kind.Typo) typos[slot]!++;
        else if (kind === Kind.Prefix) prefixes[slot]!++;
        titleWords[slot]! += wordInTitle[slot]!;
        wordKind[slot] = NONE;
        wordInTitle[slot] = 0;
      }
      count = found;
      if (count === 0) return 0;
    }
    return count;
  }

  /** Vocabulary tokens matching a query word, with the best kind of match. */
  private candidates(w: QueryWord): Map<number, Kind> {
    const out = new Map<number, Kind>();
    const exact = this.tokenId.get(w.word);
    if (exact !== undefined) out.set(exact, Kind.Exact);
    if (w.prefix) {
      for (let i = this.lowerBound(w.word); i < this.vocab.length && this.vocab[i]!.startsWith(w.word); i++) {
        if (!out.has(i)) out.set(i, Kind.Prefix);
      }
    }
    if (w.word.length >= TYPO_MIN_LENGTH) {
      for (const variant of this.oneEditVariants(w.word)) {
        const id = this.tokenId.get(variant);
        if (id !== undefined && !out.has(id)) out.set(id, Kind.Typo);
      }
    }
    return out;
  }

  private lowerBound(word: string): number {
    let lo = 0;
    let hi = this.vocab.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.vocab[mid]! < word) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Every string one deletion, transposition, substitution or insertion away from `word`. */
  private oneEditVariants(word: string): Set<string> {
    const chars = [...word];
    const letters = new Set<string>();
    for (const c of chars) for (const l of this.alphabet.get(c.codePointAt(0)! >> 7) ?? []) letters.add(l);
    const out = new Set<string>();
    const n = chars.length;
    for (let i = 0; i < n; i++) {
      const head = chars.slice(0, i).join('');
      const tail = chars.slice(i + 1).join('');
      out.add(head + tail);
      if (i + 1 < n) out.add(head + chars[i + 1] + chars[i] + chars.slice(i + 2).join(''));
      for (const l of letters) if (l !== chars[i]) out.add(head + l + tail);
    }
    for (let i = 0; i <= n; i++) {
      const head = chars.slice(0, i).join('');
      const tail = chars.slice(i).join('');
      for (const l of letters) out.add(head + l + tail);
    }
    out.delete(word);
    return out;
  }

  /**
   * Per document, the smallest slot key among its matching slots (`docKey`, for the documents
   * listed in `docList[0..returned count)`); documents not kept are left out.
   */
  private bestPerDoc(count: number, slotKey: (slot: number) => number, keep?: (doc: number) => boolean): number {
    const { docKey, docList, touched, slotDoc } = this;
    docKey.fill(Infinity);
    let docs = 0;
    for (let k = 0; k < count; k++) {
      const slot = touched[k]!;
      const doc = slotDoc[slot]!;
      const current = docKey[doc]!;
      if (current === Infinity) {
        if (keep && !keep(doc)) {
          docKey[doc] = -1;
          continue;
        }
        docKey[doc] = slotKey(slot);
        docList[docs++] = doc;
      } else if (current >= 0) {
        const key = slotKey(slot);
        if (key < current) docKey[doc] = key;
      }
    }
    return docs;
  }

  /**
   * The listed documents (`docList[0..docs)`) in final order: relevance key (`docKey`), then the
   * displayed title's length, then its alphabetical rank. Few documents: a sort of packed keys.
   * Many: walk the precomputed alphabetical order once, then two stable counting sorts (by
   * length, then by key), linear instead of n log n.
   */
  private orderDocs(docs: number, display: Int32Array): Int32Array {
    const { docKey, docList, slotTitle, slotRank } = this;
    const titleLength = (doc: number) => Math.min(slotTitle[display[doc]!]!.length, 1023);
    if (docs < 2048) {
      const rankScale = 2 ** this.rankBits;
      const keys = new Float64Array(docs);
      for (let i = 0; i < docs; i++) {
        const doc = docList[i]!;
        keys[i] = (docKey[doc]! * 1024 + titleLength(doc)) * rankScale + slotRank[display[doc]!]!;
      }
      keys.sort();
      const ordered = new Int32Array(docs);
      for (let i = 0; i < docs; i++) ordered[i] = this.slotDoc[this.rankSlot[(keys[i]! % rankScale) | 0]!]!;
      return ordered;
    }
    // Alphabetical order of the displayed titles (precomputed per locale), listed documents only.
    let alphabetical = this.displayOrders.get(display);
    if (!alphabetical) {
      alphabetical = Int32Array.from({ length: display.length }, (_, d) => d).sort((a, b) => slotRank[display[a]!]! - slotRank[display[b]!]!);
      this.displayOrders.set(display, alphabetical);
    }
    const byRank = new Int32Array(docs);
    const lengths = new Int32Array(docs);
    let n = 0;
    let maxKey = 0;
    for (let r = 0; r < alphabetical.length; r++) {
      const doc = alphabetical[r]!;
      const key = docKey[doc]!;
      if (key === Infinity || key < 0) continue;
      lengths[n] = Math.min(slotTitle[display[doc]!]!.length, 1023);
      byRank[n++] = doc;
      if (key > maxKey) maxKey = key;
    }
    // Stable counting sort by title length, then by key.
    const byLength = new Int32Array(n);
    const lengthCounts = new Int32Array(1025);
    for (let i = 0; i < n; i++) lengthCounts[lengths[i]! + 1]!++;
    for (let b = 1; b <= 1024; b++) lengthCounts[b]! += lengthCounts[b - 1]!;
    for (let i = 0; i < n; i++) byLength[lengthCounts[lengths[i]!]!++] = byRank[i]!;
    const ordered = new Int32Array(n);
    const keyCounts = new Int32Array(maxKey + 2);
    for (let i = 0; i < n; i++) keyCounts[docKey[byLength[i]!]! + 1]!++;
    for (let b = 1; b <= maxKey + 1; b++) keyCounts[b]! += keyCounts[b - 1]!;
    for (let i = 0; i < n; i++) {
      const doc = byLength[i]!;
      ordered[keyCounts[docKey[doc]!]!++] = doc;
    }
    return ordered;
  }

  /** The first `m` documents of {@link orderDocs}'s order, without ordering the others. */
  private firstDocs(docs: number, display: Int32Array, m: number): Int32Array {
    if (docs <= m) return this.orderDocs(docs, display);
    const { docKey, docList, slotTitle, slotRank } = this;
    const rankScale = 2 ** this.rankBits;
    const top = new Float64Array(m);
    let size = 0;
    for (let i = 0; i < docs; i++) {
      const doc = docList[i]!;
      const slot = display[doc]!;
      const key = (docKey[doc]! * 1024 + Math.min(slotTitle[slot]!.length, 1023)) * rankScale + slotRank[slot]!;
      if (size === m && key >= top[m - 1]!) continue;
      // Insertion into the sorted head (keys are unique: the rank part is).
      let j = size < m ? size++ : m - 1;
      while (j > 0 && top[j - 1]! > key) {
        top[j] = top[j - 1]!;
        j--;
      }
      top[j] = key;
    }
    const ordered = new Int32Array(size);
    for (let i = 0; i < size; i++) ordered[i] = this.slotDoc[this.rankSlot[(top[i]! % rankScale) | 0]!]!;
    return ordered;
  }

  /** Per document, the slot shown for a locale: that locale, its language, fr, then the first. */
  private displaySlots(locale: string): Int32Array {
    const wanted = normalizeLocale(locale);
    let cached = this.displaySlotCache.get(wanted);
    if (cached) return cached;
    const language = wanted.split('-')[0]!;
    cached = new Int32Array(this.docs.length);
    for (let d = 0; d < this.docs.length; d++) {
      const from = this.slotStart[d]!;
      const to = this.slotStart[d + 1]!;
      let chosen = -1;
      let chosenRank = 4;
      for (let s = from; s < to; s++) {
        if (this.slotTitle[s]!.trim() === '') continue;
        const l = this.slotLocale[s]!;
        const rank = l === wanted ? 0 : l === language ? 1 : l === 'fr' ? 2 : 3;
        if (rank < chosenRank) {
          chosen = s;
          chosenRank = rank;
        }
      }
      cached[d] = chosen >= 0 ? chosen : from;
    }
    if (this.displaySlotCache.size > 32) this.displaySlotCache.clear();
    this.displaySlotCache.set(wanted, cached);
    return cached;
  }

  /** The title's first words are the query's (the last one as a prefix). */
  private startsTitle(slot: number, words: QueryWord[]): boolean {
    const tokens = this.slotTitleTokens[slot]!;
    if (tokens.length < words.length) return false;
    for (let i = 0; i < words.length; i++) {
      const w = words[i]!;
      const t = tokens[i]!;
      if (w.prefix ? !t.startsWith(w.word) : t !== w.word) return false;
    }
    return true;
  }
}

/** A readable score from the packed relevance (higher is better). */
function scoreOf(relevance: number, words: number): number {
  const displayed = relevance % 2;
  let r = Math.floor(relevance / 2);
  const prefixes = r % 16;
  r = Math.floor(r / 16);
  const inTitle = 15 - (r % 16);
  r = Math.floor(r / 16);
  const typos = r % 16;
  const descriptionOnly = Math.floor(r / 16);
  return (1 - descriptionOnly) * 10_000 + (words - typos) * 1_000 + inTitle * 100 + (words - prefixes) * 10 + (1 - displayed);
}
