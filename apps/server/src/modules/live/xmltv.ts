import {
  SUPPORTED_LOCALES,
  type ImportAsset,
  type ImportLocalized,
  type ImportProgramme,
} from '@antenne/contract';
import { DOMParser } from '@xmldom/xmldom';
import { createHash } from 'node:crypto';
import { DEFAULT_IMPORT_FLAGS } from './import-programmes.js';

/**
 * XMLTV (the format EPG providers deliver) → the catalogue import's programmes and the assets
 * they air (docs/catalogue-format.md "XMLTV"). Pure: the caller says which channels and titles
 * the catalogue has. The rules for a feed's usual quirks:
 *
 * - times `YYYYMMDDhhmm[ss] [±hhmm|Z]`, no zone: UTC; anything else is an error naming its line;
 * - a channel is matched by the XMLTV id as an asset id or slug, else by a `display-name` equal to
 *   one of a channel's titles; an unknown channel's programmes are skipped (a warning);
 * - a programme without `stop` ends at the channel's next start (the last one is dropped);
 * - overlapping programmes: the later start wins, the earlier one is cut at it; two at the same
 *   start: the later in the file replaces the earlier (a warning each time);
 * - a title is the catalogue's title of that name (any language) if there is one, else an asset
 *   `xmltv-…` made from the programme (titles, descriptions, icon; never published on demand).
 */

export interface XmltvCatalogue {
  /** A TV_CHANNEL asset id for an XMLTV channel id or display name. */
  channel(xmltvIdOrName: string): string | undefined;
  /** The catalogue asset id of a title (any language, case-insensitive). */
  title(text: string): string | undefined;
}

export interface XmltvResult {
  assets: ImportAsset[];
  programmes: ImportProgramme[];
  /** `line N: …`: nothing should be imported. */
  errors: string[];
  /** `line N: …`: what was skipped or corrected. */
  warnings: string[];
}

interface Airing {
  line: number;
  channelId: string;
  startMs: number;
  stopMs?: number;
  assetId: string;
}

const TIME = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})?(?:\s*(Z|[+-]\d{4}))?$/;
const LOCALES: readonly string[] = SUPPORTED_LOCALES;

/** An XMLTV time in epoch ms, or undefined when it is not one. */
export function xmltvTime(text: string): number | undefined {
  const m = TIME.exec(text.trim());
  if (m === null) return undefined;
  const [, y, mo, d, h, mi, s = '00', zone = 'Z'] = m;
  const local = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  const check = new Date(local);
  if (check.getUTCMonth() !== Number(mo) - 1 || check.getUTCDate() !== Number(d) || Number(h) > 23)
    return undefined;
  if (zone === 'Z') return local;
  const sign = zone.startsWith('-') ? -1 : 1;
  const offset = (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(3, 5))) * 60_000;
  return local - sign * offset;
}

const children = (parent: Element, name: string): Element[] =>
  Array.from(parent.getElementsByTagName(name)).filter((e) => e.parentNode === parent);
const text = (e: Element) => (e.textContent ?? '').replace(/\s+/g, ' ').trim();

export function xmltvToCatalogue(xml: string, catalogue: XmltvCatalogue): XmltvResult {
  const errors: string[] = [];
  const warnings: string[] = [];
  const parserMessage = (message: string) => {
    const where = /line:(\d+)/.exec(message)?.[1];
    errors.push(
      `line ${where ?? '?'}: not well-formed XML (${message.split('\n')[0]?.replace(/^\[xmldom \w+\]\t/, '')})`,
    );
  };
  const doc = new DOMParser({
    locator: {},
    errorHandler: { warning: parserMessage, error: parserMessage, fatalError: parserMessage },
  }).parseFromString(xml, 'text/xml');
  const tv = doc.documentElement;
  if (tv === null || tv.nodeName !== 'tv') {
    errors.push('line 1: not an XMLTV document (no <tv> root)');
    return { assets: [], programmes: [], errors, warnings };
  }

  // XMLTV channel id → catalogue channel, by id or slug, else by display name.
  const channelOf = new Map<string, string | undefined>();
  for (const c of children(tv, 'channel')) {
    const id = c.getAttribute('id') ?? '';
    const names = children(c, 'display-name').map(text);
    channelOf.set(
      id,
      catalogue.channel(id) ?? names.map((n) => catalogue.channel(n)).find((x) => x !== undefined),
    );
  }

  const assets = new Map<string, ImportAsset>();
  const airings: Airing[] = [];
  const skipped = new Map<string, { line: number; count: number }>();
  for (const p of children(tv, 'programme')) {
    // xmldom's locator numbers the lines of elements.
    const line = (p as Element & { lineNumber?: number }).lineNumber ?? 0;
    const xmltvChannel = p.getAttribute('channel') ?? '';
    const channelId = channelOf.has(xmltvChannel)
      ? channelOf.get(xmltvChannel)
      : catalogue.channel(xmltvChannel);
    const startText = p.getAttribute('start') ?? '';
    const stopText = p.getAttribute('stop');
    const startMs = xmltvTime(startText);
    const stopMs = stopText === null || stopText === '' ? undefined : xmltvTime(stopText);
    if (startMs === undefined)
      errors.push(`line ${line}: start "${startText}" is not an XMLTV time (YYYYMMDDhhmmss ±hhmm)`);
    if (stopText !== null && stopText !== '' && stopMs === undefined)
      errors.push(`line ${line}: stop "${stopText}" is not an XMLTV time (YYYYMMDDhhmmss ±hhmm)`);
    if (startMs !== undefined && stopMs !== undefined && stopMs <= startMs)
      errors.push(`line ${line}: stop ${stopText} is not after start ${startText}`);
    const titles = children(p, 'title');
    if (titles.length === 0 || text(titles[0]!) === '')
      errors.push(`line ${line}: a programme without a title`);
    if (channelId === undefined) {
      const s = skipped.get(xmltvChannel) ?? { line, count: 0 };
      skipped.set(xmltvChannel, { line: s.line, count: s.count + 1 });
      continue;
    }
    if (startMs === undefined || titles.length === 0) continue;
    const assetId = assetFor(p, titles, startMs, stopMs, assets, catalogue);
    airings.push({ line, channelId, startMs, ...(stopMs === undefined ? {} : { stopMs }), assetId });
  }
  for (const [id, { line, count }] of skipped)
    warnings.push(
      `line ${line}: channel "${id}" is none of the catalogue's channels: its ${count} programme(s) skipped`,
    );

  const programmes: ImportProgramme[] = [];
  const byChannel = new Map<string, Airing[]>();
  for (const a of airings) byChannel.set(a.channelId, [...(byChannel.get(a.channelId) ?? []), a]);
  for (const [channelId, list] of byChannel) {
    list.sort((a, b) => a.startMs - b.startMs || a.line - b.line);
    const kept: Airing[] = [];
    for (const a of list) {
      const previous = kept.at(-1);
      if (previous !== undefined && previous.startMs === a.startMs) {
        warnings.push(`line ${a.line}: starts with line ${previous.line} on ${channelId}: it replaces it`);
        kept[kept.length - 1] = a;
      } else kept.push(a);
    }
    kept.forEach((a, k) => {
      const next = kept[k + 1];
      let end = a.stopMs ?? next?.startMs;
      if (end === undefined) {
        warnings.push(`line ${a.line}: the last programme of ${channelId} has no stop: dropped`);
        return;
      }
      if (next !== undefined && next.startMs < end) {
        warnings.push(`line ${a.line}: overlaps line ${next.line} on ${channelId}: cut at its start`);
        end = next.startMs;
      }
      programmes.push({
        channelId,
        assetId: a.assetId,
        startTime: new Date(a.startMs).toISOString(),
        endTime: new Date(end).toISOString(),
        flags: DEFAULT_IMPORT_FLAGS,
      });
    });
  }
  return { assets: [...assets.values()], programmes, errors, warnings };
}

/** The catalogue title a programme airs, or the asset made for it (once per title). */
function assetFor(
  p: Element,
  titles: Element[],
  startMs: number,
  stopMs: number | undefined,
  assets: Map<string, ImportAsset>,
  catalogue: XmltvCatalogue,
): string {
  const main = text(titles[0]!);
  const known = titles.map((t) => catalogue.title(text(t))).find((id) => id !== undefined);
  if (known !== undefined) return known;
  const slug = main
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);
  const assetId = `xmltv-${slug || createHash('sha1').update(main).digest('hex').slice(0, 12)}`;
  if (assets.has(assetId)) return assetId;
  const icon = children(p, 'icon')[0]?.getAttribute('src');
  const descriptions = children(p, 'desc');
  const localized: ImportLocalized[] = [];
  for (const t of titles) {
    const locale = t.getAttribute('lang') || 'fr';
    if (!LOCALES.includes(locale) || localized.some((l) => l.locale === locale)) continue;
    const desc = descriptions.find((d) => (d.getAttribute('lang') || 'fr') === locale);
    localized.push({
      locale,
      title: text(t),
      ...(desc === undefined ? {} : { description: text(desc) }),
      ...(icon ? { images: [{ url: icon, type: 'thumbnail', orientation: 'LANDSCAPE' as const }] } : {}),
    });
  }
  if (localized.length === 0) localized.push({ locale: 'fr', title: main });
  assets.set(assetId, {
    assetId,
    type: children(p, 'live').length > 0 ? 'LIVE_EVENT' : 'OTHER',
    localized,
    ...(stopMs === undefined ? {} : { duration: stopMs - startMs }),
  });
  return assetId;
}
