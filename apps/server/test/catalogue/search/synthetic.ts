import type { SearchDocument } from '../../../src/modules/catalogue/search/index.js';

/** A small deterministic PRNG (mulberry32) so that the synthetic catalogue is the same every run. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SYLLABLES: Record<string, string[]> = {
  fr: [
    'é',
    'té',
    'ci',
    'né',
    'ma',
    'lu',
    'mi',
    'è',
    're',
    'pa',
    'ris',
    'mon',
    'de',
    'ville',
    'chan',
    'son',
    'nuit',
    'jour',
    'cœur',
    'ça',
    'ro',
    'man',
    'ti',
    'que',
    'ê',
    'tre',
    'gar',
    'çon',
    'fil',
    'le',
    'po',
    'lar',
    'ver',
    'don',
  ],
  en: [
    'sum',
    'mer',
    'in',
    'di',
    'an',
    'night',
    'day',
    'lo',
    'ver',
    'ci',
    'ty',
    'star',
    'light',
    'ri',
    'ver',
    'road',
    'home',
    'town',
    'dark',
    'ness',
    'fire',
    'wa',
    'ter',
    'gold',
    'en',
    'sto',
    'ry',
  ],
  de: [
    'som',
    'mer',
    'nacht',
    'tag',
    'lie',
    'be',
    'stadt',
    'stern',
    'licht',
    'fluss',
    'stra',
    'ße',
    'heim',
    'feu',
    'er',
    'was',
    'ser',
    'gol',
    'den',
    'ge',
    'schich',
    'te',
    'über',
    'grü',
    'ne',
  ],
  es: [
    've',
    'ra',
    'no',
    'no',
    'che',
    'dí',
    'a',
    'a',
    'mor',
    'ciu',
    'dad',
    'es',
    'tre',
    'lla',
    'luz',
    'rí',
    'o',
    'ca',
    'mi',
    'no',
    'ho',
    'gar',
    'fue',
    'go',
    'a',
    'gua',
    'his',
    'to',
    'ria',
    'ñ',
  ],
  ar: [
    'صَيْف',
    'لَيْل',
    'نَهار',
    'حُبّ',
    'مَدينة',
    'نَجْم',
    'نور',
    'نَهْر',
    'طَريق',
    'بَيْت',
    'نار',
    'ماء',
    'ذَهَب',
    'قِصّة',
    'أَ',
    'إِ',
    'آ',
    'ـ',
    'ب',
    'ت',
    'س',
    'ة',
  ],
};
export const SYNTHETIC_LOCALES = Object.keys(SYLLABLES);

function makeVocabulary(locale: string, size: number, rnd: () => number): string[] {
  const syllables = SYLLABLES[locale]!;
  const words = new Set<string>();
  while (words.size < size) {
    const n = 1 + Math.floor(rnd() * 4);
    let w = '';
    for (let i = 0; i < n; i++) w += syllables[Math.floor(rnd() * syllables.length)]!;
    words.add(w);
  }
  return [...words];
}

/**
 * `count` documents with a title (1–5 words) and a description (15–40 words) in each of five
 * locales (fr, en, de, es, ar), words drawn from a per-locale vocabulary of `vocabularySize` words
 * with a Zipf-like skew (a few very frequent words, a long tail).
 */
export function syntheticDocuments(count: number, seed = 42, vocabularySize = 8000): SearchDocument[] {
  const rnd = random(seed);
  const vocabularies = Object.fromEntries(
    SYNTHETIC_LOCALES.map((l) => [l, makeVocabulary(l, vocabularySize, rnd)]),
  );
  const pick = (words: string[]) => words[Math.floor(words.length * rnd() ** 2.5)]!;
  const phrase = (words: string[], min: number, max: number) => {
    const n = min + Math.floor(rnd() * (max - min + 1));
    return Array.from({ length: n }, () => pick(words)).join(' ');
  };
  const docs: SearchDocument[] = [];
  for (let i = 0; i < count; i++) {
    const locales: SearchDocument['locales'] = {};
    for (const l of SYNTHETIC_LOCALES) {
      const title = phrase(vocabularies[l]!, 1, 5);
      locales[l] = {
        title: title.charAt(0).toUpperCase() + title.slice(1),
        description: `${phrase(vocabularies[l]!, 15, 40)}.`,
      };
    }
    docs.push({
      assetId: `asset-${i.toString().padStart(5, '0')}`,
      type: i % 3 === 0 ? 'TV_SHOW' : 'MOVIE',
      locales,
    });
  }
  return docs;
}
