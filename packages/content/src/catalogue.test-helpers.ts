import type { Asset, Component } from './index.js';
import { demoCatalogue } from './index.js';

/** What the catalogue suites read: the demo document, its assets and components, and a few lookups. */

export const LOCALES = ['fr', 'en', 'de', 'es', 'ar'];
export const doc = demoCatalogue();
export const assets = doc.assets ?? [];
export const components = doc.structure?.components ?? [];
export const ofType = (type: Asset['type']) => assets.filter((a) => a.type === type);
export const component = (id: string): Component => {
  const c = components.find((x) => x.id === id);
  if (c === undefined) throw new Error(`no component ${id}`);
  return c;
};
export const tagIds = (a: Asset) => (a.tags ?? []).map((t) => t.tagId);
export const NOW = Date.parse('2026-11-22T00:00:00Z');
