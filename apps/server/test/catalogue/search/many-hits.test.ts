import { describe, expect, test } from 'vitest';
import {
  SearchIndex,
  normalizeText,
  tokenize,
  type SearchDocument,
} from '../../../src/modules/catalogue/search/index.js';
import { doc, ids } from './helpers.js';
import { syntheticDocuments } from './synthetic.js';

describe('ordering of many hits (the linear path above 2 048 documents)', () => {
  test('same order as a plain sort by relevance, displayed title length, then title', () => {
    const words = ['maison', 'bleue', 'lac', 'été', 'Zorro', 'avenue', 'Écho', 'nuit', 'ville', 'ombre'];
    const docs: SearchDocument[] = [];
    for (let i = 0; i < 3000; i++) {
      const title = [words[i % 7]!, words[(i * 3) % 10]!, words[(i * 7) % 9]!]
        .slice(0, 1 + (i % 3))
        .join(' ');
      // Every other document mentions "maison" only in its description.
      const inTitle = i % 2 === 0;
      docs.push(
        doc(`d${String(i).padStart(4, '0')}`, {
          fr: { title: inTitle ? `Maison ${title}` : title, description: inTitle ? '' : 'une maison' },
        }),
      );
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
    for (const h of hits.slice(0, 20))
      expect(tokenize(h.highlightedTitle.replace(/<\/?em>/g, '')).length).toBeGreaterThan(0);

    const last = words[words.length - 1]!;
    const prefixText = [...words.slice(0, -1), last.slice(0, Math.max(2, last.length - 1))].join(' ');
    expect(ids(big.query(prefixText, { locale: 'fr' }))).toContain(target.assetId);

    const suggestions = big.suggest(prefixText, { locale: 'fr', limit: 1000 });
    expect(suggestions.map((s) => normalizeText(s.text))).toContain(normalizeText(title));
    expect(suggestions.length).toBeLessThanOrEqual(1000);
    for (const s of suggestions) {
      const tokens = tokenize(s.text);
      expect(
        tokens.some((t) => t.startsWith(words[words.length - 1]!.slice(0, 2))),
        s.text,
      ).toBe(true);
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
    for (const x of s)
      expect(
        normalizeText(x.text)
          .split(' ')
          .some((t) => t.startsWith('ma')),
      ).toBe(true);
  });
});
