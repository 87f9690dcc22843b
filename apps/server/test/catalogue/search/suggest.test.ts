import { describe, expect, test } from 'vitest';
import { SearchIndex } from '../../../src/modules/catalogue/search/index.js';
import { doc, index } from './helpers.js';

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
    expect(s.map((x) => x.text)).toEqual([
      'Maïs',
      'Maison',
      'Maisons de rêve',
      'Une maison',
      'Dans la maison',
      'La maison du lac',
    ]);
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
    expect(index.suggest('paradisso', { locale: 'fr' })).toEqual([
      { text: 'Cinéma Paradiso', assetId: 'cinema' },
    ]);
    expect(index.suggest('nuot', { locale: 'fr' })).toEqual([]);
  });

  test('Arabic suggestions from an unvoweled prefix', () => {
    expect(index.suggest('الامي', { locale: 'ar' })).toEqual([
      { text: 'الأَمِيرَةُ الصَّغِيرَة', assetId: 'arabic' },
    ]);
  });

  test('accept and limit', () => {
    expect(index.suggest('ete', { locale: 'fr', accept: (id) => id !== 'ete' })).toEqual([
      { text: 'Été indien', assetId: 'ete-2' },
    ]);
    const many = SearchIndex.build(
      Array.from({ length: 30 }, (_, i) => doc(`m${i}`, { fr: { title: `Maison ${i}` } })),
    );
    expect(many.suggest('mai', { locale: 'fr' })).toHaveLength(10);
    expect(many.suggest('mai', { locale: 'fr', limit: 3 }).map((s) => s.text)).toEqual([
      'Maison 0',
      'Maison 1',
      'Maison 2',
    ]);
    expect(many.suggest('mai', { locale: 'fr', limit: 0 })).toEqual([]);
  });
});
