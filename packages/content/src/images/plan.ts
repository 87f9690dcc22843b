import { createHash } from 'node:crypto';
import type { AssetType, CatalogueFile, Locale } from '../catalogue/types.js';
import { imageSvg } from './svg.js';

/**
 * What the demo image generator draws: the distinct `/images/…` URLs a catalogue document
 * references, each with a size rule (by file name) and a context (title, badge, colour seed).
 */

/**
 * Bump when the rasterisation changes (PNG encoding, sharp's options): every file's hash changes,
 * a re-run rewrites them all. A change of the drawing needs no bump: the hash is of the SVG itself.
 */
export const RENDERER_VERSION = 1;

export type ImageKind = 'poster' | 'cover' | 'thumbnail' | 'background' | 'logo';

export interface ImageRule {
  kind: ImageKind;
  width: number;
  height: number;
  /** Logos: transparent background, the title only. */
  transparent: boolean;
  /**
   * The title is painted in: posters, covers and thumbnails (box art, as broadcasters' are) and
   * logos. Backgrounds are key art without text: the hero and the details page write the title
   * over them, so a painted one would show twice.
   */
  titled: boolean;
}

/**
 * The sizes of the originals, by file name. The aspect ratios are the ones the catalogue
 * declares (common.ts: poster 2:3, cover and thumbnail 16:9, background 2560×1080, logo 8:3,
 * tag logo square); the sizes are smaller than declared (the server upscales at most 2× and
 * these are flat drawings), so the whole set renders in seconds.
 */
const RULES: Record<ImageKind, ImageRule> = {
  poster: { kind: 'poster', width: 600, height: 900, transparent: false, titled: true },
  cover: { kind: 'cover', width: 1280, height: 720, transparent: false, titled: true },
  thumbnail: { kind: 'thumbnail', width: 640, height: 360, transparent: false, titled: true },
  background: { kind: 'background', width: 1280, height: 540, transparent: false, titled: false },
  logo: { kind: 'logo', width: 800, height: 300, transparent: true, titled: true },
};
const TAG_LOGO: ImageRule = { kind: 'logo', width: 512, height: 512, transparent: true, titled: true };

export interface ImageContext {
  /** The French title drawn on the image. */
  title: string;
  /** The type badge of landscape images (FILM, SÉRIE…), if any. */
  badge?: string;
  /** Seeds the colours and the motif (an asset or tag id: every image of a title matches). */
  seed: string;
  /** Where the context came from (`path` = no catalogue entity found, the title is the folder). */
  source: 'asset' | 'tag' | 'presentation' | 'path';
}

export interface ImageJob extends ImageRule, ImageContext {
  /** `/images/assets/x/poster.png` */
  url: string;
  /** `assets/x/poster.png`, relative to the output folder. */
  file: string;
  /** The drawing (imageSvg), rendered to PNG by generate.ts. */
  svg: string;
  /** Hash of everything that decides the pixels: the drawing, the alpha channel, the renderer version. */
  hash: string;
}

export interface ImagePlan {
  jobs: ImageJob[];
  /** Referenced URLs no rule covers (unknown file name, not a PNG, unsafe path). */
  unmatched: string[];
}

const PREFIX = '/images/';

export const TYPE_BADGES: Record<AssetType, string | undefined> = {
  MOVIE: 'FILM',
  TV_SHOW: 'SÉRIE',
  EPISODE: 'ÉPISODE',
  CLIP: 'BANDE-ANNONCE',
  TV_CHANNEL: 'CHAÎNE',
  AD: 'PUBLICITÉ',
  LIVE_EVENT: 'EN DIRECT',
  COLLECTION: 'COLLECTION',
  PODCAST: 'PODCAST',
  PODCAST_EPISODE: 'PODCAST',
  EVENT: 'ÉVÉNEMENT',
  OTHER: undefined,
};

const SCHEME_BADGES: Record<string, string> = { category: 'CATÉGORIE', origin: 'ORIGINE' };

/** Every distinct string starting with `/images/` anywhere in the document, in document order. */
export function collectImageUrls(catalogue: CatalogueFile): string[] {
  const urls = new Set<string>();
  const walk = (node: unknown): void => {
    if (typeof node === 'string') {
      if (node.startsWith(PREFIX)) urls.add(node);
    } else if (Array.isArray(node)) {
      for (const item of node) walk(item);
    } else if (node !== null && typeof node === 'object') {
      for (const value of Object.values(node)) walk(value);
    }
  };
  walk(catalogue);
  return [...urls];
}

/** The relative file path of a URL, or undefined if it could leave the folder. */
export function fileOf(url: string): string | undefined {
  if (!url.startsWith(PREFIX)) return undefined;
  const path = url.slice(PREFIX.length).split(/[?#]/)[0] ?? '';
  const segments = path.split('/');
  const safe = segments.every(
    (s) => s.length > 0 && !s.startsWith('.') && !s.includes('\\') && !s.includes('\0') && !s.includes('%'),
  );
  return safe ? path : undefined;
}

/** The size rule of a relative file path, or undefined. */
export function ruleOf(file: string): ImageRule | undefined {
  const match = /^(?:(.+)\/)?([a-z]+)\.png$/.exec(file);
  if (match === null) return undefined;
  const [, dir = '', name = ''] = match;
  if (!(name in RULES)) return undefined;
  if (name === 'logo' && dir.startsWith('tags/')) return TAG_LOGO;
  return RULES[name as ImageKind];
}

const fr = <T extends { locale: Locale; title: string }>(entries: T[]): string | undefined =>
  (entries.find((e) => e.locale === 'fr') ?? entries[0])?.title;

/** The titles of presentations (and references) that carry each URL. */
function presentationTitles(catalogue: CatalogueFile): Map<string, string> {
  const titles = new Map<string, string>();
  const walk = (node: unknown, title: string | undefined): void => {
    if (typeof node === 'string') {
      if (node.startsWith(PREFIX) && title !== undefined && !titles.has(node)) titles.set(node, title);
      return;
    }
    if (Array.isArray(node)) {
      for (const item of node) walk(item, title);
      return;
    }
    if (node === null || typeof node !== 'object') return;
    const record = node as Record<string, unknown>;
    let here = title;
    const fallback = record['fallback'] as { title?: unknown } | undefined;
    const localized = record['localized'] as Record<string, { title?: unknown }> | undefined;
    if (fallback !== undefined && typeof fallback === 'object') {
      const t = localized?.['fr']?.title ?? fallback.title;
      if (typeof t === 'string' && t.length > 0) here = t;
    } else if (typeof record['referenceId'] === 'string' && typeof record['name'] === 'string') {
      here = record['name'];
    }
    for (const value of Object.values(record)) walk(value, here);
  };
  walk(catalogue.structure, undefined);
  return titles;
}

const humanize = (segment: string): string => {
  const words = segment.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * The hash of a file's pixels: its SVG (so any change of the drawing — the generator's code, a
 * title, a size — rewrites exactly the files it changes, and a cache of older images is refreshed
 * at the next start), whether it keeps its alpha channel, and RENDERER_VERSION.
 */
export function inputHash(rule: Pick<ImageRule, 'transparent'>, svg: string): string {
  return createHash('sha256')
    .update(JSON.stringify([RENDERER_VERSION, rule.transparent, svg]))
    .digest('hex')
    .slice(0, 16);
}

/** The images a catalogue document references and how to draw each. */
export function planImages(catalogue: CatalogueFile): ImagePlan {
  const assets = new Map((catalogue.assets ?? []).map((a) => [a.assetId, a]));
  const tags = new Map((catalogue.tags ?? []).map((t) => [t.tagId.replace(/:/g, '-'), t]));
  const presented = presentationTitles(catalogue);
  const jobs: ImageJob[] = [];
  const unmatched: string[] = [];
  for (const url of collectImageUrls(catalogue)) {
    const file = fileOf(url);
    const rule = file === undefined ? undefined : ruleOf(file);
    if (file === undefined || rule === undefined) {
      unmatched.push(url);
      continue;
    }
    const segments = file.split('/');
    const [root = '', id = ''] = segments;
    const dir = segments.slice(0, -1).join('/');
    let context: ImageContext | undefined;
    const asset = root === 'assets' ? assets.get(id) : undefined;
    const tag = root === 'tags' ? tags.get(id) : undefined;
    if (asset !== undefined) {
      const badge = TYPE_BADGES[asset.type];
      context = {
        title: fr(asset.localized) ?? asset.assetId,
        ...(badge === undefined ? {} : { badge }),
        seed: asset.assetId,
        source: 'asset',
      };
    } else if (tag !== undefined) {
      const badge = SCHEME_BADGES[tag.scheme];
      context = {
        title: fr(tag.localized) ?? tag.tagId,
        ...(badge === undefined ? {} : { badge }),
        seed: tag.tagId,
        source: 'tag',
      };
    } else {
      const title = presented.get(url);
      context =
        title === undefined
          ? { title: humanize(segments.at(-2) ?? id), seed: dir, source: 'path' }
          : { title, seed: dir, source: 'presentation' };
    }
    const svg = imageSvg(rule, context);
    jobs.push({ ...rule, ...context, url, file, svg, hash: inputHash(rule, svg) });
  }
  return { jobs, unmatched };
}
