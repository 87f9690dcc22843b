import { Hit, scoreOf, type SearchHit } from './hits.js';
import type { SearchDocument } from './index-store.js';
import { RankedIndex } from './ranking.js';
import { Kind, NONE, oneEditVariants, queryWords, TYPO_MIN_LENGTH, type QueryWord } from './words.js';

export type { SearchHit } from './hits.js';
export type { SearchDocument } from './index-store.js';
export { MAX_QUERY_WORDS, MIN_SEARCH_LENGTH, TYPO_MIN_LENGTH, withinOneEdit } from './words.js';

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
 * An immutable in-memory index over titles and descriptions, built once per catalogue version:
 * its data and building in index-store.ts, its ranking in ranking.ts, the words of a query in
 * words.ts, the results in hits.ts; here the two questions asked of it, suggest and query.
 *
 * Typo candidates are generated from the query word (every string at one edit, over the index's
 * own alphabet in the word's script) and looked up in the vocabulary: ~0.1 ms for a 14-letter word
 * (~700 strings), and nothing to build or keep in memory, where a SymSpell deletion map would hold
 * every deletion of every word (not built to compare).
 */
export class SearchIndex extends RankedIndex {
  private constructor(docs: SearchDocument[]) {
    super(docs);
  }

  /** Builds the index; the documents must not change afterwards. */
  static build(docs: SearchDocument[]): SearchIndex {
    return new SearchIndex(docs);
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
    const words = queryWords(text);
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
    const words = queryWords(text);
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
      hits[i] = new Hit(
        this.docs[doc]!.assetId,
        scoreOf(relevance, n),
        this.slotTitle[slot]!,
        this.slotDescription[slot]!,
        words,
      );
    }
    return hits;
  }

  /** Whether a document is of one of `types` (undefined: every document is). */
  private typeFilter(types: ReadonlySet<string> | undefined): ((doc: number) => boolean) | undefined {
    return types && ((doc) => types.has(this.docs[doc]!.type));
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
        if (withDescriptions)
          visit(this.descPostings, this.descOffsets[token]!, this.descOffsets[token + 1]!, kind, 0);
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
      for (const variant of oneEditVariants(w.word, this.alphabet)) {
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
