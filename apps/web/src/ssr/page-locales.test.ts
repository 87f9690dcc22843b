import { describe, expect, test } from 'vitest';
import { SUPPORTED_LOCALES, type Asset, type Presentation } from '@antenne/contract';
import { descriptionOf, imageOf, localizedOf, titleOf } from '../lib/asset-display';
import { localizedPresentation } from '../lib/presentation';
import { inPageLanguage } from './page-locales';

const image = (name: string) => ({ url: `/images/${name}.png`, type: 'cover', orientation: 'LANDSCAPE' });
const entry = (locale: string, images = false) => ({
  locale,
  title: `title ${locale}`,
  description: `about ${locale}`,
  ...(images ? { images: [image(locale)] } : {}),
});

/** Assets whose languages are laid out every way the display functions fall back. */
const assets = [
  { assetId: 'all', localized: ['en', 'fr', 'ar', 'es', 'de'].map((l) => entry(l, true)) },
  { assetId: 'no-french', localized: [entry('es'), entry('en', true), entry('ar')] },
  { assetId: 'images-elsewhere', localized: [entry('fr'), entry('ar'), entry('de', true)] },
  { assetId: 'images-first', localized: [entry('en', true), entry('fr'), entry('ar')] },
  { assetId: 'none', localized: [] },
  { assetId: 'missing' },
] as unknown as Asset[];

const presentation = {
  fallback: { title: 'fallback' },
  localized: { en: { title: 'Home' }, fr: { title: 'Accueil' }, ar: { body: 'نص' }, de: { title: 'Start' } },
} as unknown as Presentation;

describe('inPageLanguage', () => {
  test.each(SUPPORTED_LOCALES)(
    'every display function reads the same in %s as with every language',
    (language) => {
      const state = {
        queries: [{ queryKey: ['content', 'x'], state: { data: { items: assets, presentation } } }],
      };
      const pruned = inPageLanguage(state, language);
      const prunedAssets = pruned.queries[0]!.state.data.items;
      for (const [index, asset] of assets.entries()) {
        const cut = prunedAssets[index]!;
        expect(localizedOf(cut, language)).toEqual(localizedOf(asset, language));
        expect(titleOf(cut, language)).toBe(titleOf(asset, language));
        expect(descriptionOf(cut, language)).toBe(descriptionOf(asset, language));
        for (const orientation of ['landscape', 'portrait'] as const)
          expect(imageOf(cut, language, orientation)).toEqual(imageOf(asset, language, orientation));
      }
      const cutPresentation = pruned.queries[0]!.state.data.presentation;
      expect(localizedPresentation(cutPresentation, language)).toEqual(
        localizedPresentation(presentation, language),
      );
      // The query keys and everything but `localized` are untouched; the input is not changed.
      expect(pruned.queries[0]!.queryKey).toEqual(['content', 'x']);
      expect(assets[0]!.localized).toHaveLength(5);
    },
  );

  test('what is kept: the language and French, else the first; the first with images; a presentation’s two', () => {
    const pruned = inPageLanguage({ items: assets, presentation }, 'ar');
    const locales = pruned.items.map((a) => a.localized?.map((l) => l.locale));
    expect(locales).toEqual([
      ['en', 'fr', 'ar'],
      ['en', 'ar'],
      ['fr', 'ar', 'de'],
      ['en', 'fr', 'ar'],
      [],
      undefined,
    ]);
    expect(Object.keys(pruned.presentation.localized ?? {})).toEqual(['fr', 'ar']);
  });

  test('a `localized` that is not a list of languages, and data deeper than any answer, are kept whole', () => {
    const odd = { localized: ['plain', 'strings'], nested: { localized: 7 } };
    expect(inPageLanguage(odd, 'fr')).toEqual(odd);
    let deep: Record<string, unknown> = { localized: [entry('en'), entry('fr')] };
    for (let i = 0; i < 200; i++) deep = { child: deep };
    expect(JSON.stringify(inPageLanguage(deep, 'fr'))).toBe(JSON.stringify(deep));
  });
});
