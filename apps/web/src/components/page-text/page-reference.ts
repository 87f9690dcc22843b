import type { Component } from '@antenne/contract';

/** Where a page without a body of its own finds its text: components.pageBody[0]. */
export interface PageReference {
  referenceUrl: string;
  referenceId?: string;
  appType?: string;
  name?: string;
}

export function firstReference(component: Component): PageReference | undefined {
  const first: unknown = component.components?.pageBody?.[0];
  if (typeof first !== 'object' || first === null) return undefined;
  const { referenceUrl } = first as { referenceUrl?: unknown };
  return typeof referenceUrl === 'string' && referenceUrl.trim() !== ''
    ? (first as PageReference)
    : undefined;
}

/**
 * How a reference address is read:
 * - `api`: a path of our API (relative, or under exposureBaseUrl, or on this origin when the
 *   API is): fetched as a white-label component whose presentation body is the text;
 * - `external`: a document on another site: linked, not fetched nor framed (a third-party page
 *   answers no CORS and the CSP allows frames of this origin only);
 * - undefined: anything else (javascript:, data: …), treated as no reference.
 */
export type ResolvedReference = { kind: 'api'; path: string } | { kind: 'external'; url: string };

export function resolveReference(
  referenceUrl: string,
  exposureBaseUrl: string,
  origin: string,
): ResolvedReference | undefined {
  const url = referenceUrl.trim();
  const base = exposureBaseUrl.replace(/\/+$/, '');
  if (base !== '' && url.startsWith(`${base}/`)) return { kind: 'api', path: url.slice(base.length) };
  if (url.startsWith('/') && !url.startsWith('//')) return { kind: 'api', path: url };
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return undefined;
  if (base === '' && parsed.origin === origin)
    return { kind: 'api', path: `${parsed.pathname}${parsed.search}` };
  return { kind: 'external', url: parsed.href };
}
