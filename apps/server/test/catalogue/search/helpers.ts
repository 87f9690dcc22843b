import { SearchIndex, type SearchDocument } from '../../../src/modules/catalogue/search/index.js';

/** A search document of one type with the given localized titles and descriptions. */
export const doc = (assetId: string, locales: SearchDocument['locales'], type = 'MOVIE'): SearchDocument => ({
  assetId,
  type,
  locales,
});

/** The small hand-written catalogue the query and suggest tests search. */
export const catalogue: SearchDocument[] = [
  doc('ete', {
    fr: { title: 'Été indien', description: 'Un amour de vacances.' },
    en: { title: 'Indian Summer', description: 'A holiday love.' },
  }),
  doc('cinema', {
    fr: { title: 'Cinéma Paradiso', description: 'Un projectionniste raconte.' },
    en: { title: 'Cinema Paradiso' },
  }),
  doc('cine-club', { fr: { title: 'Le ciné-club', description: 'Des films en noir et blanc.' } }),
  doc('desc-only', {
    fr: { title: 'Nuit blanche', description: 'Une histoire de cinéma et de paradis perdu.' },
  }),
  doc('zebre', { fr: { title: 'Zèbre', description: 'Un film sur un zèbre qui rêve de cinéma.' } }),
  doc('arabic', {
    ar: { title: 'الأَمِيرَةُ الصَّغِيرَة', description: 'قِصَّةُ أَمِيرَةٍ' },
    fr: { title: 'La petite princesse' },
  }),
  doc('html', { fr: { title: 'Tom & Jerry <3', description: 'Le chat "Tom" et la souris.' } }),
  doc('german', { de: { title: 'Die Straße', description: 'Eine Geschichte.' } }),
  doc('oeuvre', { fr: { title: "L'Œuvre au noir", description: 'Adaptation du roman.' } }),
  doc('ete-2', { fr: { title: 'Été indien', description: 'Le remake.' } }),
  doc('cent', { fr: { title: 'Cent ans', description: 'Une saga.' } }),
];
export const index = SearchIndex.build(catalogue);
export const ids = (hits: { assetId: string }[]) => hits.map((h) => h.assetId);
