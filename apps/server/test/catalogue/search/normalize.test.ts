import { describe, expect, test } from 'vitest';
import {
  MIN_SEARCH_LENGTH,
  normalizeText,
  tokenize,
  withinOneEdit,
} from '../../../src/modules/catalogue/search/index.js';

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
