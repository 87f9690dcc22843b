import { IndexStore, normalizeLocale } from './index-store.js';

/**
 * The ranking of the matching documents: the best slot per document, the final order (relevance,
 * displayed title's length, alphabetical) in linear time for many documents, the first few
 * without ordering the rest, and the slot shown per document for a locale.
 */
export abstract class RankedIndex extends IndexStore {
  /**
   * Per document, the smallest slot key among its matching slots (`docKey`, for the documents
   * listed in `docList[0..returned count)`); documents not kept are left out.
   */
  protected bestPerDoc(
    count: number,
    slotKey: (slot: number) => number,
    keep?: (doc: number) => boolean,
  ): number {
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
  protected orderDocs(docs: number, display: Int32Array): Int32Array {
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
      alphabetical = Int32Array.from({ length: display.length }, (_, d) => d).sort(
        (a, b) => slotRank[display[a]!]! - slotRank[display[b]!]!,
      );
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
  protected firstDocs(docs: number, display: Int32Array, m: number): Int32Array {
    if (docs <= m) return this.orderDocs(docs, display);
    const { docKey, docList, slotTitle, slotRank } = this;
    const rankScale = 2 ** this.rankBits;
    const top = new Float64Array(m);
    let size = 0;
    for (let i = 0; i < docs; i++) {
      const doc = docList[i]!;
      const slot = display[doc]!;
      const key =
        (docKey[doc]! * 1024 + Math.min(slotTitle[slot]!.length, 1023)) * rankScale + slotRank[slot]!;
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
  protected displaySlots(locale: string): Int32Array {
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
}
