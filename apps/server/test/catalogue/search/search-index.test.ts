import { describe, expect, test } from 'vitest';
import { SearchIndex } from '../../../src/modules/catalogue/search/index.js';
import { doc, ids, index } from './helpers.js';

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
    expect(ids(SearchIndex.build(docs).query('indien', { locale: 'fr' }))).toEqual([
      'exact-short',
      'exact-long',
      'prefix',
    ]);
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
    expect(
      ids(typed.query('depart', { locale: 'fr', types: new Set(['MOVIE']), accept: (id) => id !== 'film' })),
    ).toEqual([]);
    expect(ids(typed.query('depart', { locale: 'fr' })).sort()).toEqual(['chaine', 'episode', 'film']);
  });
});
