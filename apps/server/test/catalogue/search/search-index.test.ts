import { describe, expect, test } from 'vitest';
import {
  MIN_SEARCH_LENGTH,
  SearchIndex,
  normalizeText,
  tokenize,
  withinOneEdit,
  type SearchDocument,
} from '../../../src/modules/catalogue/search/index.js';
import { syntheticDocuments } from './synthetic.js';

const doc = (assetId: string, locales: SearchDocument['locales'], type = 'MOVIE'): SearchDocument => ({ assetId, type, locales });

const catalogue: SearchDocument[] = [
  doc('ete', { fr: { title: 'Été indien', description: 'Un amour de vacances.' }, en: { title: 'Indian Summer', description: 'A holiday love.' } }),
  doc('cinema', { fr: { title: 'Cinéma Paradiso', description: 'Un projectionniste raconte.' }, en: { title: 'Cinema Paradiso' } }),
  doc('cine-club', { fr: { title: 'Le ciné-club', description: 'Des films en noir et blanc.' } }),
  doc('desc-only', { fr: { title: 'Nuit blanche', description: 'Une histoire de cinéma et de paradis perdu.' } }),
  doc('zebre', { fr: { title: 'Zèbre', description: 'Un film sur un zèbre qui rêve de cinéma.' } }),
  doc('arabic', { ar: { title: 'الأَمِيرَةُ الصَّغِيرَة', description: 'قِصَّةُ أَمِيرَةٍ' }, fr: { title: 'La petite princesse' } }),
  doc('html', { fr: { title: 'Tom & Jerry <3', description: 'Le chat "Tom" et la souris.' } }),
  doc('german', { de: { title: 'Die Straße', description: 'Eine Geschichte.' } }),
  doc('oeuvre', { fr: { title: "L'Œuvre au noir", description: 'Adaptation du roman.' } }),
  doc('ete-2', { fr: { title: 'Été indien', description: 'Le remake.' } }),
  doc('cent', { fr: { title: 'Cent ans', description: 'Une saga.' } }),
];
const index = SearchIndex.build(catalogue);
const ids = (hits: { assetId: string }[]) => hits.map((h) => h.assetId);

describe('normalizeText and tokenize', () => {
  test.each<[string, string]>([
    ["L'Été  indien !", 'l ete indien'],
    ['ÉTÉ', 'ete'],
    ['Cinéma', 'cinema'],
    ['ŒUVRE Æsop Straße', 'oeuvre aesop strasse'],
    ['Ça, c’est « génial »…', 'ca c est genial'],
    ['ﬁn ², Ｆｕｌｌ', 'fin 2 full'],
    ['Jean-Paul', 'jean paul'],
    ['  ', ''],
    ['!!', ''],
    ['الأَمِيرَةُ الصَّغِيرَة', 'الاميره الصغيره'],
    ['أحمد إبراهيم آمال ٱلله', 'احمد ابراهيم امال الله'],
    ['مــدرســة', 'مدرسه'],
    ['مستشفى', 'مستشفي'],
    ['Ἀθῆναι', 'αθηναι'],
    ['x 😀 y', 'x y'],
  ])('%s → %s', (text, folded) => {
    expect(normalizeText(text)).toBe(folded);
  });

  test('tokenize', () => {
    expect(tokenize("L'Été indien")).toEqual(['l', 'ete', 'indien']);
    expect(tokenize('...')).toEqual([]);
  });

  test('withinOneEdit (optimal string alignment distance ≤ 1)', () => {
    expect(withinOneEdit('cinema', 'cinema')).toBe(true);
    expect(withinOneEdit('cinma', 'cinema')).toBe(true); // deletion
    expect(withinOneEdit('cinemaa', 'cinema')).toBe(true); // insertion
    expect(withinOneEdit('cinrma', 'cinema')).toBe(true); // substitution
    expect(withinOneEdit('cinmea', 'cinema')).toBe(true); // transposition
    expect(withinOneEdit('cnmea', 'cinema')).toBe(false);
    expect(withinOneEdit('cinemas!', 'cinema')).toBe(false);
    expect(withinOneEdit('amecin', 'cinema')).toBe(false);
  });

  test('MIN_SEARCH_LENGTH', () => {
    expect(MIN_SEARCH_LENGTH).toBe(2);
  });
});

describe('SearchIndex.query', () => {
  test('accent- and case-insensitive: "ete" and "ÉTÉ" find "Été indien"', () => {
    expect(ids(index.query('ete', { locale: 'fr' }))).toEqual(['ete', 'ete-2']);
    expect(ids(index.query('ÉTÉ', { locale: 'fr' }))).toEqual(['ete', 'ete-2']);
    expect(ids(index.query('été INDIEN', { locale: 'fr' }))).toEqual(['ete', 'ete-2']);
  });

  test('one typo in a word of 5+ letters: "cinma" finds "Cinéma"', () => {
    const hits = index.query('cinma', { locale: 'fr' });
    expect(ids(hits)).toContain('cinema');
    // transposition; "desc-only" also matches: "cinéma … paradis" (paradiso is one edit from paradis)
    expect(ids(index.query('cinmea paradiso', { locale: 'fr' }))).toEqual(['cinema', 'desc-only']);
    expect(ids(index.query('paradisso', { locale: 'fr' }))).toEqual(['cinema']); // insertion
  });

  test('a 4-letter word with a typo does not match', () => {
    expect(index.query('nuot', { locale: 'fr' })).toEqual([]);
    expect(index.query('cont ans', { locale: 'fr' })).toEqual([]); // "cent" with a typo
    expect(ids(index.query('cent ans', { locale: 'fr' }))).toEqual(['cent']);
  });

  test('two typos in one word do not match', () => {
    expect(index.query('cnmea', { locale: 'fr' })).toEqual([]);
  });

  test('every word must match; the last word may be a prefix, earlier words must be complete', () => {
    expect(ids(index.query('cinema parad', { locale: 'fr' }))).toEqual(['cinema', 'desc-only']);
    expect(ids(index.query('paradiso cin', { locale: 'fr' }))).toEqual(['cinema', 'desc-only']);
    expect(index.query('cine paradiso', { locale: 'fr' })).toEqual([]);
    expect(index.query('cinema martien', { locale: 'fr' })).toEqual([]);
  });

  test('title matches rank before description-only matches; exact before typo', () => {
    const hits = index.query('cinema', { locale: 'fr' });
    expect(ids(hits)).toEqual(['cinema', 'zebre', 'desc-only']);
    // "zebre" (shorter title) before "desc-only": both description-only, exact
    expect(hits[0]!.score).toBeGreaterThan(hits[1]!.score);
    const typo = index.query('cinemo', { locale: 'fr' });
    expect(ids(typo)).toEqual(['cinema', 'zebre', 'desc-only']);
    expect(typo[0]!.score).toBeLessThan(hits[0]!.score);
  });

  test('more words matched in the title rank first', () => {
    const docs = [
      doc('one', { fr: { title: 'Paradis', description: 'Le cinéma' } }),
      doc('two', { fr: { title: 'Paradis du cinéma perdu', description: '' } }),
    ];
    expect(ids(SearchIndex.build(docs).query('cinema paradis', { locale: 'fr' }))).toEqual(['two', 'one']);
  });

  test('exact words before prefix-only words, then shorter titles', () => {
    const docs = [
      doc('prefix', { fr: { title: 'Indiens' } }),
      doc('exact-long', { fr: { title: 'Indien dans la ville' } }),
      doc('exact-short', { fr: { title: 'Indien' } }),
    ];
    expect(ids(SearchIndex.build(docs).query('indien', { locale: 'fr' }))).toEqual(['exact-short', 'exact-long', 'prefix']);
  });

  test('Arabic title found by an unvoweled query, and with other alef forms', () => {
    expect(ids(index.query('الاميرة', { locale: 'ar' }))).toEqual(['arabic']);
    expect(ids(index.query('الأميرة الصغيرة', { locale: 'ar' }))).toEqual(['arabic']);
    expect(ids(index.query('اميرة', { locale: 'ar' }))).toEqual(['arabic']); // description word
    const hit = index.query('الاميرة', { locale: 'ar' })[0]!;
    expect(hit.highlightedTitle).toBe('<em>الأَمِيرَةُ</em> الصَّغِيرَة');
  });

  test('highlighting: escapes HTML and wraps the matched words of the displayed locale', () => {
    const [hit] = index.query('tom', { locale: 'fr' });
    expect(hit!.highlightedTitle).toBe('<em>Tom</em> &amp; Jerry &lt;3');
    expect(hit!.highlightedDescription).toBe('Le chat &quot;<em>Tom</em>&quot; et la souris.');
    const [ete] = index.query('ete ind', { locale: 'fr' });
    expect(ete!.highlightedTitle).toBe('<em>Été</em> <em>indien</em>');
    expect(ete!.highlightedDescription).toBe('Un amour de vacances.');
    const [typo] = index.query('cinma', { locale: 'fr' });
    expect(typo!.highlightedTitle).toBe('<em>Cinéma</em> Paradiso');
    const [oeuvre] = index.query('oeuvre', { locale: 'fr' });
    expect(oeuvre!.highlightedTitle).toBe('L&#39;<em>Œuvre</em> au noir');
  });

  test('hits serialise with their highlights', () => {
    const [hit] = index.query('tom', { locale: 'fr' });
    expect(JSON.parse(JSON.stringify(hit))).toEqual({
      assetId: 'html',
      score: hit!.score,
      highlightedTitle: '<em>Tom</em> &amp; Jerry &lt;3',
      highlightedDescription: 'Le chat &quot;<em>Tom</em>&quot; et la souris.',
    });
  });

  test('displayed locale: the requested one, else fr, else any; matches in any locale', () => {
    const [en] = index.query('summer', { locale: 'en' });
    expect(en!.assetId).toBe('ete');
    expect(en!.highlightedTitle).toBe('Indian <em>Summer</em>');
    const [fr] = index.query('summer', { locale: 'fr' });
    expect(fr!.assetId).toBe('ete');
    expect(fr!.highlightedTitle).toBe('Été indien');
    const [fallback] = index.query('summer', { locale: 'es' });
    expect(fallback!.highlightedTitle).toBe('Été indien');
    const [noLocale] = index.query('summer', {});
    expect(noLocale!.highlightedTitle).toBe('Été indien');
    const [german] = index.query('strasse', { locale: 'fr' });
    expect(german!.highlightedTitle).toBe('Die <em>Straße</em>');
    const [region] = index.query('summer', { locale: 'en-GB' });
    expect(region!.highlightedTitle).toBe('Indian <em>Summer</em>');
  });

  test('a locale matches as a whole: words spread over two locales do not', () => {
    expect(index.query('summer vacances', { locale: 'fr' })).toEqual([]);
    expect(ids(index.query('summer holiday', { locale: 'fr' }))).toEqual(['ete']);
  });

  test('accept filters', () => {
    expect(ids(index.query('ete', { locale: 'fr', accept: (id) => id !== 'ete' }))).toEqual(['ete-2']);
    expect(index.query('ete', { locale: 'fr', accept: () => false })).toEqual([]);
  });

  test('empty or punctuation-only text finds nothing', () => {
    expect(index.query('', {})).toEqual([]);
    expect(index.query(' !? ', {})).toEqual([]);
    expect(index.suggest('', { locale: 'fr' })).toEqual([]);
  });

  test('an empty index', () => {
    const empty = SearchIndex.build([]);
    expect(empty.query('ete', {})).toEqual([]);
    expect(empty.suggest('ete', { locale: 'fr' })).toEqual([]);
  });
});

describe('types', () => {
  const docs = [
    doc('film', { fr: { title: 'Le Départ', description: 'Un film.' } }, 'MOVIE'),
    doc('episode', { fr: { title: 'Le Départ', description: 'Un épisode.' } }, 'EPISODE'),
    doc('chaine', { fr: { title: 'Départ Info' } }, 'TV_CHANNEL'),
  ];
  const typed = SearchIndex.build(docs);
  test('suggestions and hits are of the types asked, all of them without types', () => {
    const only = new Set(['EPISODE', 'TV_CHANNEL']);
    expect(typed.suggest('depa', { locale: 'fr', types: only })).toEqual([
      { text: 'Départ Info', assetId: 'chaine' },
      { text: 'Le Départ', assetId: 'episode' },
    ]);
    expect(ids(typed.query('depart', { locale: 'fr', types: only })).sort()).toEqual(['chaine', 'episode']);
    expect(ids(typed.query('depart', { locale: 'fr', types: new Set(['MOVIE']), accept: (id) => id !== 'film' }))).toEqual([]);
    expect(ids(typed.query('depart', { locale: 'fr' })).sort()).toEqual(['chaine', 'episode', 'film']);
  });
});

describe('SearchIndex.suggest', () => {
  test('"cine" (4 letters, prefix) finds "Cinéma"', () => {
    const suggestions = index.suggest('cine', { locale: 'fr' });
    expect(suggestions).toEqual([
      { text: 'Cinéma Paradiso', assetId: 'cinema' },
      { text: 'Le ciné-club', assetId: 'cine-club' },
    ]);
  });

  test('whole-title prefixes before word-start matches, then shorter, then alphabetical', () => {
    const docs = [
      doc('d1', { fr: { title: 'La maison du lac' } }),
      doc('d2', { fr: { title: 'Maisons de rêve' } }),
      doc('d3', { fr: { title: 'Maison' } }),
      doc('d4', { fr: { title: 'Une maison' } }),
      doc('d5', { fr: { title: 'Maïs' } }),
      doc('d6', { fr: { title: 'Dans la maison' } }),
    ];
    const s = SearchIndex.build(docs).suggest('mais', { locale: 'fr' });
    expect(s.map((x) => x.text)).toEqual(['Maïs', 'Maison', 'Maisons de rêve', 'Une maison', 'Dans la maison', 'La maison du lac']);
  });

  test('earlier words complete, the last one a prefix', () => {
    expect(index.suggest('ete ind', { locale: 'fr' })).toEqual([{ text: 'Été indien', assetId: 'ete' }]);
    expect(index.suggest('et ind', { locale: 'fr' })).toEqual([]);
  });

  test('de-duplicated by text, in the requested locale with fallback to fr then any', () => {
    expect(index.suggest('ete', { locale: 'fr' })).toEqual([{ text: 'Été indien', assetId: 'ete' }]);
    expect(index.suggest('summer', { locale: 'en' })).toEqual([{ text: 'Indian Summer', assetId: 'ete' }]);
    expect(index.suggest('summer', { locale: 'es' })).toEqual([{ text: 'Été indien', assetId: 'ete' }]);
    // "indien" is one edit from "indian": the typo match of the other "Été indien" comes after
    expect(index.suggest('indian', { locale: 'en' })).toEqual([
      { text: 'Indian Summer', assetId: 'ete' },
      { text: 'Été indien', assetId: 'ete-2' },
    ]);
    expect(index.suggest('stra', { locale: 'fr' })).toEqual([{ text: 'Die Straße', assetId: 'german' }]);
  });

  test('titles only, not descriptions', () => {
    expect(index.suggest('projection', { locale: 'fr' })).toEqual([]);
  });

  test('a typo in a 5+ letter word still suggests, after exact matches', () => {
    expect(index.suggest('paradisso', { locale: 'fr' })).toEqual([{ text: 'Cinéma Paradiso', assetId: 'cinema' }]);
    expect(index.suggest('nuot', { locale: 'fr' })).toEqual([]);
  });

  test('Arabic suggestions from an unvoweled prefix', () => {
    expect(index.suggest('الامي', { locale: 'ar' })).toEqual([{ text: 'الأَمِيرَةُ الصَّغِيرَة', assetId: 'arabic' }]);
  });

  test('accept and limit', () => {
    expect(index.suggest('ete', { locale: 'fr', accept: (id) => id !== 'ete' })).toEqual([{ text: 'Été indien', assetId: 'ete-2' }]);
    const many = SearchIndex.build(Array.from({ length: 30 }, (_, i) => doc(`m${i}`, { fr: { title: `Maison ${i}` } })));
    expect(many.suggest('mai', { locale: 'fr' })).toHaveLength(10);
    expect(many.suggest('mai', { locale: 'fr', limit: 3 }).map((s) => s.text)).toEqual(['Maison 0', 'Maison 1', 'Maison 2']);
    expect(many.suggest('mai', { locale: 'fr', limit: 0 })).toEqual([]);
  });
});

describe('ordering of many hits (the linear path above 2 048 documents)', () => {
  test('same order as a plain sort by relevance, displayed title length, then title', () => {
    const words = ['maison', 'bleue', 'lac', 'été', 'Zorro', 'avenue', 'Écho', 'nuit', 'ville', 'ombre'];
    const docs: SearchDocument[] = [];
    for (let i = 0; i < 3000; i++) {
      const title = [words[i % 7]!, words[(i * 3) % 10]!, words[(i * 7) % 9]!].slice(0, 1 + (i % 3)).join(' ');
      // Every other document mentions "maison" only in its description.
      const inTitle = i % 2 === 0;
      docs.push(doc(`d${String(i).padStart(4, '0')}`, { fr: { title: inTitle ? `Maison ${title}` : title, description: inTitle ? '' : 'une maison' } }));
    }
    const hits = SearchIndex.build(docs).query('maison', { locale: 'fr' });
    expect(hits).toHaveLength(3000);
    const expected = [...docs]
      .map((d, i) => ({ d, i, title: d.locales.fr!.title }))
      .sort((a, b) => {
        const titleA = normalizeText(a.title).split(' ').includes('maison') ? 0 : 1;
        const titleB = normalizeText(b.title).split(' ').includes('maison') ? 0 : 1;
        if (titleA !== titleB) return titleA - titleB;
        if (a.title.length !== b.title.length) return a.title.length - b.title.length;
        const x = normalizeText(a.title);
        const y = normalizeText(b.title);
        if (x !== y) return x < y ? -1 : 1;
        return a.i - b.i;
      })
      .map((e) => e.d.assetId);
    expect(ids(hits)).toEqual(expected);
    // the same through the small-list path
    const some = SearchIndex.build(docs.slice(0, 1000)).query('maison', { locale: 'fr' });
    expect(ids(some)).toEqual(expected.filter((id) => Number(id.slice(1)) < 1000));
  });
});

describe('a synthetic 20 000-asset, 5-locale index', () => {
  const docs = syntheticDocuments(20_000);
  const big = SearchIndex.build(docs);

  test('finds a known title by its words, a prefix, a typo, and suggests it', () => {
    const target = docs[12_345]!;
    const title = target.locales.fr!.title;
    const words = tokenize(title);
    const hits = big.query(title, { locale: 'fr' });
    expect(ids(hits)).toContain(target.assetId);
    for (const h of hits.slice(0, 20)) expect(tokenize(h.highlightedTitle.replace(/<\/?em>/g, '')).length).toBeGreaterThan(0);

    const last = words[words.length - 1]!;
    const prefixText = [...words.slice(0, -1), last.slice(0, Math.max(2, last.length - 1))].join(' ');
    expect(ids(big.query(prefixText, { locale: 'fr' }))).toContain(target.assetId);

    const suggestions = big.suggest(prefixText, { locale: 'fr', limit: 1000 });
    expect(suggestions.map((s) => normalizeText(s.text))).toContain(normalizeText(title));
    expect(suggestions.length).toBeLessThanOrEqual(1000);
    for (const s of suggestions) {
      const tokens = tokenize(s.text);
      expect(tokens.some((t) => t.startsWith(words[words.length - 1]!.slice(0, 2))), s.text).toBe(true);
    }

    const long = words.find((w) => w.length >= 6);
    if (long) {
      const typo = long.slice(0, 2) + long.slice(3);
      const typoHits = big.query(typo, { locale: 'fr' });
      expect(typoHits.length).toBeGreaterThan(0);
    }
  });

  test('every hit matches every word somewhere, and accept filters', () => {
    const hits = big.query('nuit ci', { locale: 'fr', accept: (id) => !id.endsWith('0') });
    expect(hits.length).toBeGreaterThan(0);
    for (const h of hits) expect(h.assetId.endsWith('0')).toBe(false);
    const byId = new Map(docs.map((d) => [d.assetId, d]));
    for (const h of hits.slice(0, 200)) {
      const d = byId.get(h.assetId)!;
      const ok = Object.values(d.locales).some((l) => {
        const tokens = tokenize(`${l.title} ${l.description ?? ''}`);
        return tokens.includes('nuit') && tokens.some((t) => t.startsWith('ci'));
      });
      expect(ok, h.assetId).toBe(true);
    }
    // best first
    for (let i = 1; i < hits.length; i++) expect(hits[i - 1]!.score).toBeGreaterThanOrEqual(hits[i]!.score);
  });

  test('suggestions are de-duplicated and limited', () => {
    const s = big.suggest('ma', { locale: 'fr' });
    expect(s).toHaveLength(10);
    expect(new Set(s.map((x) => normalizeText(x.text))).size).toBe(10);
    for (const x of s) expect(normalizeText(x.text).split(' ').some((t) => t.startsWith('ma'))).toBe(true);
  });
});
