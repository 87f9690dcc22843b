import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  DEFAULT_LOCALE,
  LANG_PREFERENCE_KEY,
  readConsentCookie,
  RESTRICTED_VIEWER_COOKIE,
  resolveLocation,
  RTL_LOCALES,
  SUPPORTED_LOCALES,
  type Locale,
} from '@antenne/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CatalogueService } from '../catalogue/index.js';
import { contentSecurityPolicy } from '../../lib/security-headers.js';
import type { WhitelabelService } from '../whitelabel/index.js';
import { EncodedBody } from './page-encoding.js';
import {
  renderInProcess,
  renderOnThreads,
  RENDERS_PER_THREAD,
  type Renderer,
  type RenderResult,
  type ServerEntry,
} from './render-threads.js';

/**
 * The public pages rendered on the server (docs/adr/0030): the web app's own server entry
 * (apps/web/src/ssr/entry-server.tsx, built into `{webDistDir}/.ssr`) renders the page asked
 * with React's streaming renderer; its API calls are answered in process (Fastify's inject, with
 * the visitor's address); the HTML is index.html with the page inside `#root`, its stylesheets
 * and code linked, and its data embedded for hydration. A rendered page is the same for every
 * visitor of one language, country and device class, so it is kept in process by those, the
 * path and the catalogue version, and sent with headers a CDN can cache by.
 */

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  /** The modules it imports with `import()`: for index.html, the app's start (main.tsx). */
  dynamicImports?: string[];
}

export interface PageRendererOptions {
  webDistDir: string;
  /** index.html as built. */
  indexHtml: string;
  whitelabel: WhitelabelService;
  catalogue: CatalogueService;
  /** The app's clock (ms since the epoch): the time a page is rendered at. */
  now: () => number;
  /** Threads that render pages (PAGE_RENDER_THREADS); 0: the request thread renders them. */
  renderThreads: number;
}

export interface RenderedPage {
  /** The HTML, and its brotli and gzip variants once asked for. */
  body: EncodedBody;
  /**
   * Weak: the page's variants (brotli, gzip, none; and brotli fast, then best) are the same HTML
   * in other bytes. One weak ETag for all stays true whatever a CDN does with them (it may
   * compress, decompress or weaken a strong ETag), and a 304 answers a copy of any variant.
   */
  etag: string;
  /** Where the page sends the visitor instead. */
  redirectTo?: string;
  /**
   * The page's Content-Security-Policy when React wrote inline scripts into it (the replay of a
   * form submitted before the page is live): the app's policy with their hashes.
   */
  csp?: string;
}

/** How long a rendered page is kept and may be served by a CDN before it asks again (seconds). */
export const PAGE_FRESH_S = 60;
/** How long a CDN may serve a stale page while it asks for a fresh one (seconds). */
export const PAGE_STALE_S = 600;
export const PAGE_CACHE_CONTROL = `public, max-age=0, s-maxage=${PAGE_FRESH_S}, stale-while-revalidate=${PAGE_STALE_S}`;
/** What varies a page besides its URL: the language (cookie, else Accept-Language) and the device class. */
/** The `<meta>` listing a rendered page's code (the entry preloads it: apps/web/src/main.tsx). */
export const PAGE_MODULES_META = 'antenne-modules';
/** The app's code, which the app's start imports on its own (apps/web/src/start.tsx). */
const APP_CODE = 'src/start-app.tsx';

export const PAGE_VARY = 'Accept-Encoding, Accept-Language, Cookie, Sec-CH-UA-Mobile, User-Agent';
/** Rendered pages kept in process, at most this many and this many bytes (the oldest go first). */
const MAX_CACHED_PAGES = 500;
const MAX_CACHED_BYTES = 32 * 1024 * 1024;
/** Renders running at once on the request thread; the others wait their turn. */
const MAX_RENDERS_IN_PROCESS = 2;
/** A page that waited this long for its turn goes out unrendered (the browser draws it). */
const MAX_QUEUE_WAIT_MS = 250;

/** Loads the server entry when the web app's build has one; undefined otherwise (pages are then drawn in the browser). */
export async function createPageRenderer(options: PageRendererOptions): Promise<PageRenderer | undefined> {
  const entryPath = path.join(options.webDistDir, '.ssr', 'entry-server.js');
  const manifestPath = path.join(options.webDistDir, '.vite', 'manifest.json');
  if (!existsSync(entryPath) || !existsSync(manifestPath)) return undefined;
  // Loaded here too, for which pages are rendered and with what code; prepared (its pages' modules
  // loaded) where it renders.
  const entry = (await import(pathToFileURL(entryPath).href)) as ServerEntry;
  let renderer: Renderer;
  if (options.renderThreads > 0) renderer = renderOnThreads(entryPath, options.renderThreads);
  else {
    await entry.prepare();
    renderer = renderInProcess(entry);
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  return new PageRenderer(entry, renderer, manifest, options);
}

export class PageRenderer {
  private readonly cache = new Map<string, { page: RenderedPage; at: number }>();
  /** Renders under way by key: a burst of visitors of one page waits for one render. */
  private readonly inflight = new Map<string, Promise<RenderedPage | undefined>>();
  private readonly translations = new Map<Locale, Record<string, unknown>>();
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly maxRunning: number;

  constructor(
    private readonly entry: ServerEntry,
    private readonly renderer: Renderer,
    private readonly manifest: Record<string, ManifestChunk>,
    private readonly options: PageRendererOptions,
  ) {
    this.maxRunning =
      options.renderThreads > 0 ? options.renderThreads * RENDERS_PER_THREAD : MAX_RENDERS_IN_PROCESS;
  }

  /** Stops the render threads (the server is closing). */
  close(): Promise<void> {
    return this.renderer.close();
  }

  /**
   * Whether this request's page is rendered: a public page, for anyone but a restricted profile
   * (its cookie), whose catalogue is not the public one.
   */
  isServerRendered(request: FastifyRequest, pathname: string): boolean {
    if (cookieOf(request, RESTRICTED_VIEWER_COOKIE) === '1') return false;
    return this.entry.isServerRendered(pathname);
  }

  /**
   * The page at `url` for this request's visitor class, from the cache or rendered; undefined when
   * it could not be rendered in time (the caller sends the app unrendered).
   */
  async page(app: FastifyInstance, request: FastifyRequest, url: string): Promise<RenderedPage | undefined> {
    const locale = localeOf(request);
    const desktop = isDesktop(request);
    const filters = this.options.whitelabel.filters(request.ip, request.headers['user-agent']);
    const country = resolveLocation(filters).country;
    const version = (await this.options.catalogue.snapshot()).version;
    // A visitor who has not chosen about cookies gets the consent banner in the page (PAGE_VARY: Cookie).
    const undecided = readConsentCookie(request.headers.cookie) === undefined;
    const key = `${request.host}${url}\n${locale}\n${country}\n${desktop ? 'desktop' : 'mobile'}\n${version}\n${undecided ? 'banner' : ''}`;
    const cached = this.cache.get(key);
    if (cached !== undefined && Date.now() - cached.at < PAGE_FRESH_S * 1000) return cached.page;
    let rendering = this.inflight.get(key);
    if (rendering === undefined) {
      rendering = this.render(app, request, { url, locale, desktop, undecided }, key);
      this.inflight.set(key, rendering);
      void rendering.finally(() => this.inflight.delete(key)).catch(() => undefined);
    }
    return rendering;
  }

  private async render(
    app: FastifyInstance,
    request: FastifyRequest,
    {
      url,
      locale,
      desktop,
      undecided,
    }: { url: string; locale: Locale; desktop: boolean; undecided: boolean },
    key: string,
  ): Promise<RenderedPage | undefined> {
    if (!(await this.turn())) return undefined;
    try {
      const rendered = await this.renderer.render(
        {
          url,
          locale,
          translations: this.translationsOf(locale),
          context: { now: this.options.now(), desktop, origin: `${request.protocol}://${request.host}` },
        },
        injectFetch(app, request),
      );
      request.log.debug({ url, renders: rendered.renders, unloaded: rendered.unloaded }, 'page rendered');
      const pathname = url.split('?', 1)[0] ?? '/';
      const html = this.document(pathname, locale, rendered, undecided);
      const etag = `W/"${createHash('sha1').update(html).digest('base64url').slice(0, 27)}"`;
      const hashes = inlineScriptHashes(rendered.html);
      // The same page rendered again (its minute is over): its compressed variants are kept.
      const previous = this.cache.get(key)?.page;
      const page: RenderedPage = {
        body: previous?.etag === etag ? previous.body : new EncodedBody(html),
        etag,
        ...(rendered.redirectTo === undefined ? {} : { redirectTo: rendered.redirectTo }),
        ...(hashes.length === 0 ? {} : { csp: contentSecurityPolicy(hashes) }),
      };
      this.remember(key, page);
      return page;
    } finally {
      this.release();
    }
  }

  /**
   * index.html with the rendered page: language and direction, head, stylesheets, code, data; and
   * the consent banner for a visitor who has not chosen (after the page: last in the tab order).
   */
  private document(pathname: string, locale: Locale, rendered: RenderResult, undecided: boolean): string {
    const { css, js } = this.chunksOf(this.entry.pageModuleOf(pathname));
    // The page's stylesheets inline: painting waits for no other request (they are a few KB). Its
    // code is listed, not preloaded: the entry preloads it a few modules per task
    // (apps/web/src/main.tsx), after the page's head has asked for its largest image.
    const links = [
      ...css.map((file) => this.inlineStyle(file)),
      `<meta name="${PAGE_MODULES_META}" content="${js.map((file) => `/${file}`).join(' ')}">`,
    ].join('');
    const dir = RTL_LOCALES.includes(locale) ? 'rtl' : 'ltr';
    let html = this.options.indexHtml
      .replace(/<html[^>]*>/, `<html lang="${locale}" dir="${dir}" data-ssr>`)
      .replace(/<link rel="stylesheet"[^>]* href="\/([^"]+\.css)">/g, (_link, file: string) =>
        this.inlineStyle(file),
      )
      // Readable without JavaScript: the "JavaScript needed" notice is for pages drawn in the browser.
      .replace(/<noscript>[\s\S]*?<\/noscript>\s*/, '');
    if (/<title>/.test(rendered.head)) html = html.replace(/<title>[\s\S]*?<\/title>/, '');
    // The page's head (its title, and the preload of its largest image) before the app's code: the
    // hero's request starts first instead of waiting behind the scripts' requests.
    const code = html.search(/<script type="module"|<link rel="modulepreload"/);
    if (code !== -1) html = `${html.slice(0, code)}${rendered.head}${html.slice(code)}`;
    // Replacer functions: the page's text is inserted as it is (a `$&` or `$'` in a title or a
    // synopsis is no replacement pattern).
    return html
      .replace('</head>', () => `${code === -1 ? rendered.head : ''}${links}</head>`)
      .replace('<div id="root"></div>', () => `<div id="root">${rendered.html}</div>`)
      .replace(
        '</body>',
        () =>
          `${undecided ? this.consentBanner(locale) : ''}<script type="application/json" id="antenne-page">${scriptJson(rendered.data)}</script></body>`,
      );
  }

  /** The page chunk's stylesheets and code with everything they import, as the build manifest says. */
  private chunksOf(module: string): { css: string[]; js: string[] } {
    // The app's start, which the entry imports at once (apps/web/src/main.tsx), the app's code it
    // imports in turn (start-app.tsx: run in a task of its own), and the page: preloaded together,
    // so that nothing waits for the one before to ask for them.
    const starts = this.manifest['index.html']?.dynamicImports ?? [];
    const appCode = this.manifest[APP_CODE] === undefined ? [] : [APP_CODE];
    const started = [...starts, ...appCode, module].map((key) => this.closure(key));
    // What index.html already links (the entry and its imports) is not linked twice.
    const entry = this.closure('index.html');
    const css = new Set(started.flatMap((found) => [...found.css]));
    const js = new Set(started.flatMap((found) => [...found.js]));
    return {
      css: [...css].filter((file) => !entry.css.has(file)),
      js: [...js].filter((file) => !entry.js.has(file)),
    };
  }

  /** A chunk's files and those of its static imports, transitively. */
  private closure(key: string): { css: Set<string>; js: Set<string> } {
    const found = { css: new Set<string>(), js: new Set<string>() };
    const seen = new Set<string>();
    const visit = (next: string) => {
      if (seen.has(next)) return;
      seen.add(next);
      const chunk = this.manifest[next];
      if (!chunk) return;
      found.js.add(chunk.file);
      chunk.css?.forEach((file) => found.css.add(file));
      chunk.imports?.forEach(visit);
    };
    visit(key);
    return found;
  }

  private readonly styles = new Map<string, string>();

  /** A stylesheet of the build as a `<style>` element (its text read once). */
  private inlineStyle(file: string): string {
    let style = this.styles.get(file);
    if (style === undefined) {
      try {
        const text = readFileSync(path.join(this.options.webDistDir, file), 'utf8').replace(
          /<\/style/gi,
          '<\\/style',
        );
        style = `<style data-href="/${file}">${text}</style>`;
      } catch {
        style = `<link rel="stylesheet" crossorigin href="/${file}">`;
      }
      this.styles.set(file, style);
    }
    return style;
  }

  private readonly banners = new Map<Locale, string>();

  /** The consent banner in `locale` (drawn by the web app's code once per language). */
  private consentBanner(locale: Locale): string {
    let banner = this.banners.get(locale);
    if (banner === undefined) {
      banner = this.entry.consentBanner(this.translationsOf(locale));
      this.banners.set(locale, banner);
    }
    return banner;
  }

  private translationsOf(locale: Locale): Record<string, unknown> {
    let strings = this.translations.get(locale);
    if (strings === undefined) {
      try {
        strings = JSON.parse(
          readFileSync(path.join(this.options.webDistDir, 'locales', `${locale}.json`), 'utf8'),
        ) as Record<string, unknown>;
      } catch {
        strings = {};
      }
      this.translations.set(locale, strings);
    }
    return strings;
  }

  private remember(key: string, page: RenderedPage): void {
    this.cache.delete(key);
    this.cache.set(key, { page, at: Date.now() });
    // Counted afresh: a page's compressed variants are added after it is kept (a few hundred pages).
    let bytes = 0;
    for (const entry of this.cache.values()) bytes += entry.page.body.size;
    for (const [oldest, entry] of this.cache) {
      if (this.cache.size <= MAX_CACHED_PAGES && bytes <= MAX_CACHED_BYTES) break;
      bytes -= entry.page.body.size;
      this.cache.delete(oldest);
    }
  }

  /** Waits for a render slot; false when none came within MAX_QUEUE_WAIT_MS. */
  private turn(): Promise<boolean> {
    if (this.running < this.maxRunning) {
      this.running++;
      return Promise.resolve(true);
    }
    return new Promise((resolve) => {
      const go = () => {
        clearTimeout(timer);
        this.running++;
        resolve(true);
      };
      const timer = setTimeout(() => {
        const index = this.waiting.indexOf(go);
        if (index !== -1) this.waiting.splice(index, 1);
        resolve(false);
      }, MAX_QUEUE_WAIT_MS);
      this.waiting.push(go);
    });
  }

  private release(): void {
    this.running--;
    this.waiting.shift()?.();
  }
}

function isLocale(value: string | undefined): value is Locale {
  return value !== undefined && (SUPPORTED_LOCALES as readonly string[]).includes(value);
}

/** The language: the `lang-preference` cookie (the visitor's choice), else Accept-Language, else fr. */
export function localeOf(request: FastifyRequest): Locale {
  const chosen = cookieOf(request, LANG_PREFERENCE_KEY);
  if (isLocale(chosen)) return chosen;
  const accepted = (request.headers['accept-language'] ?? '')
    .split(',')
    .map((entry, index) => {
      const [tag = '', ...params] = entry.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { language: tag.trim().toLowerCase().split('-')[0], q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return accepted.map((entry) => entry.language).find(isLocale) ?? DEFAULT_LOCALE;
}

function cookieOf(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, value] = part.trim().split('=', 2);
    if (key === name) return value;
  }
  return undefined;
}

/** The device class: a phone or tablet (the mobile layout) unless the browser says otherwise. */
export function isDesktop(request: FastifyRequest): boolean {
  const mobileHint = request.headers['sec-ch-ua-mobile'];
  if (mobileHint === '?1') return false;
  const agent = request.headers['user-agent'] ?? '';
  return !/Mobi|Android|iPhone|iPad|iPod|Tablet/i.test(agent);
}

/**
 * The SHA-256 (base64) of each inline script React wrote into a render's markup — one that runs:
 * not a `src` script, not data (`type="application/json"`). The page's CSP allows these alone.
 */
export function inlineScriptHashes(markup: string): string[] {
  const hashes: string[] = [];
  for (const match of markup.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? '';
    if (/\bsrc\s*=/i.test(attributes) || /\btype\s*=\s*"application\/json"/i.test(attributes)) continue;
    hashes.push(
      createHash('sha256')
        .update(match[2] ?? '')
        .digest('base64'),
    );
  }
  return [...new Set(hashes)];
}

/** JSON safe inside a `<script>` element: no `</script>`, no `<!--`, no line separators. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The app's API calls, answered in process by this server, as the visitor's own (its address and agent). */
function injectFetch(app: FastifyInstance, request: FastifyRequest): typeof fetch {
  return async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, name) => (headers[name] = value));
    if (request.headers['user-agent'] !== undefined) headers['user-agent'] = request.headers['user-agent'];
    const response = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url,
      headers,
      remoteAddress: request.ip,
      ...(typeof init?.body === 'string' ? { payload: init.body } : {}),
    });
    const answerHeaders = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [String(value)]) answerHeaders.append(name, item);
    }
    const empty = response.statusCode === 204 || response.statusCode === 304;
    return new Response(empty ? null : new Uint8Array(response.rawPayload), {
      status: response.statusCode,
      headers: answerHeaders,
    });
  };
}
