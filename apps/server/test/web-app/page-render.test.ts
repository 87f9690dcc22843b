import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { App } from '../../src/app.js';
import { importDemoIfEmpty } from '../../src/modules/catalogue/demo-content.js';
import { negotiateEncoding } from '../../src/modules/web-app/page-encoding.js';
import { createHash } from 'node:crypto';
import { CONTENT_SECURITY_POLICY } from '../../src/lib/security-headers.js';
import { inlineScriptHashes, PAGE_CACHE_CONTROL, scriptJson } from '../../src/modules/web-app/page-render.js';
import {
  buildTestApp,
  createTestDatabase,
  engines,
  memoryLogger,
  TENANT,
  type TestDatabase,
} from '../helpers/test-app.js';

/**
 * The public pages as the server renders them (issue 16, docs/adr/0030): the real web app's
 * build (its server entry in apps/web/dist/.ssr), the real server and database, the demo catalogue.
 * What is asserted is what a browser with JavaScript off, a crawler or a CDN receives.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const webDistDir = path.join(root, 'apps', 'web', 'dist');
const BASE = `/v1/customer/antenne/businessunit/monde`;
const COMPONENT = `/v2/whitelabel/customer/antenne/businessunit/monde/config/sandwich/component`;
const PHONE =
  'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36';

/** Text as the server render writes it into HTML (React: &, <, > and "). */
const html = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

interface Localized {
  locale: string;
  title?: string;
  description?: string;
}
const frenchOf = (asset: { localized?: Localized[] }) => asset.localized?.find((l) => l.locale === 'fr');

const PAGE_DATA = /<script type="application\/json" id="antenne-page">(.*?)<\/script>/s;

beforeAll(() => {
  // The web app as `npm start` serves it: built once, only when its sources changed.
  const build = spawnSync(process.execPath, [path.join(root, 'scripts', 'build-if-needed.mjs')], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (build.status !== 0) throw new Error('the web app could not be built');
}, 300_000);

describe.each(engines)('server-rendered pages (%s)', (engine) => {
  let testDb: TestDatabase;
  let app: App;
  const now = Date.now();
  const log = memoryLogger('debug');
  beforeAll(async () => {
    testDb = await createTestDatabase(engine);
    const database = testDb.open();
    try {
      await importDemoIfEmpty(database.db, TENANT);
    } finally {
      await database.destroy();
    }
    app = await buildTestApp(testDb, {
      config: { webDistDir },
      clock: () => now,
      logger: log.logger,
    });
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await testDb?.cleanup();
  });

  const page = (url: string, headers: Record<string, string> = {}) =>
    app.inject({
      url,
      headers: { accept: 'text/html', 'user-agent': PHONE, 'accept-language': 'fr-FR,fr;q=0.9', ...headers },
      remoteAddress: '127.0.0.1',
    });

  test('/ carries the hero’s title and the titles of the lanes above the fold, in French, left to right', async () => {
    const res = await page('/');
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/<html lang="fr" dir="ltr" data-ssr>/);

    // The hero's first item, and the first lane's titles, as the API answers them to the web app.
    const home = (await app.inject(`${COMPONENT}/home?client=json`)).json() as {
      components: { pageBody: { referenceId: string; appType: string }[] };
    };
    const [heroRef, firstLane] = [
      home.components.pageBody.find((b) => b.appType === 'herobanner'),
      home.components.pageBody.find(
        (b) => b.appType === 'carousel' && !/continuer|favoris/.test(b.referenceId),
      ),
    ];
    const hero = (await app.inject(`${COMPONENT}/${heroRef?.referenceId}?client=json`)).json() as {
      components: { heroBannerItems: { presentation: { localized: Record<string, { title: string }> } }[] };
    };
    const heroTitle = hero.components.heroBannerItems[0]?.presentation.localized.fr?.title;
    expect(heroTitle).toBeTruthy();
    expect(res.body).toContain(html(heroTitle ?? '?'));

    const lane = (await app.inject(`${COMPONENT}/${firstLane?.referenceId}?client=json`)).json() as {
      contentUrl: { url: string };
    };
    const items = (
      await app.inject(`${lane.contentUrl.url}&onlyPublished=true&allowedCountry=FR&client=json`)
    ).json() as { items: { localized: Localized[] }[] };
    const titles = items.items.slice(0, 4).map((item) => frenchOf(item)?.title ?? '');
    expect(titles.length).toBe(4);
    for (const title of titles) expect(res.body).toContain(html(title));

    // The browser hydrates from the data embedded: the queries the render used, the strings.
    const data = JSON.parse(PAGE_DATA.exec(res.body)?.[1] ?? 'null') as {
      locale: string;
      hydrate: boolean;
      state: { queries: { queryKey: unknown[] }[] };
      translations: Record<string, unknown>;
    };
    expect(data).toMatchObject({ locale: 'fr', hydrate: true });
    const keys = data.state.queries.map((q) => q.queryKey[0]);
    expect(keys).toEqual(expect.arrayContaining(['config', 'structure', 'component', 'content']));
    expect(data.translations).toHaveProperty('GENERAL');
  });

  test('a film’s details page carries its title and its summary', async () => {
    const list = (
      await app.inject(`${BASE}/content/asset?assetType=MOVIE&pageSize=1&onlyPublished=true&client=json`)
    ).json() as { items: { assetId: string; localized: Localized[] }[] };
    const film = list.items[0];
    if (!film) throw new Error('the demo has no film');
    const res = await page(`/details/vod/${encodeURIComponent(film.assetId)}`);
    expect(res.statusCode).toBe(200);
    const french = frenchOf(film);
    expect(french?.title && french.description).toBeTruthy();
    expect(res.body).toContain(html(french?.title ?? '?'));
    expect(res.body).toContain(html(french?.description ?? '?'));
    // Its backdrop (the largest paint) is asked for before the app's code: its preload comes first.
    const preload = res.body.search(
      /<link rel="preload" as="image"[^>]* imagesrcset="[^"]*background[^>]*fetchpriority="high"/i,
    );
    expect(preload).toBeGreaterThan(0);
    expect(preload).toBeLessThan(res.body.indexOf('<script type="module"'));
    // The page's code is listed for the entry to preload after the first paint, not preloaded.
    expect(res.body).not.toMatch(/<link rel="modulepreload"[^>]*vod-details-page/);
    expect(res.body).toMatch(
      /<meta name="antenne-modules" content="[^"]*\/assets\/vod-details-page-[\w-]+\.js[^"]*">/,
    );
  });

  test('the language: the lang-preference cookie, else Accept-Language, else French; Arabic right to left', async () => {
    const arabic = await page('/settings', { cookie: 'other=1; lang-preference=ar' });
    expect(arabic.body).toMatch(/<html lang="ar" dir="rtl" data-ssr>/);
    expect(arabic.body).toContain('الإعدادات');
    const german = await page('/settings', { 'accept-language': 'it;q=1, de;q=0.8, en;q=0.5' });
    expect(german.body).toMatch(/<html lang="de" dir="ltr"/);
    const unknown = await page('/settings', { 'accept-language': 'zh-CN', cookie: 'lang-preference=xx' });
    expect(unknown.body).toMatch(/<html lang="fr" dir="ltr"/);
  });

  test('a visitor who has not chosen about cookies gets the consent banner in the page, in its language; one who has chosen does not', async () => {
    const banner =
      /<div id="consent-banner" class="consent-banner" role="dialog"[^>]*aria-label="([^"]*)"[\s\S]*?<\/div><\/div>/;
    const first = await page('/csa');
    const french = banner.exec(first.body);
    expect(french?.[1]).toBe('Consentement aux cookies');
    for (const [choice, label] of [
      ['all', 'Tout accepter'],
      ['necessary', 'Tout refuser'],
      ['choose', 'Choisir'],
    ])
      expect(french?.[0]).toContain(
        `<button type="button" class="consent-banner__button" data-consent="${choice}">${label}</button>`,
      );
    // After the page (last in the tab order), before its data.
    expect(first.body.indexOf('id="consent-banner"')).toBeGreaterThan(first.body.indexOf('<div id="root">'));
    expect(first.body.indexOf('id="consent-banner"')).toBeLessThan(first.body.indexOf('id="antenne-page"'));
    // Apostrophes of the text are escaped in the markup (the description of the French banner has some).
    expect(french?.[0]).toContain('&#39;');

    const arabic = await page('/csa', { cookie: 'lang-preference=ar' });
    expect(banner.exec(arabic.body)?.[1]).toBe('الموافقة على ملفات تعريف الارتباط');

    // A valid choice in the cookie: no banner, and another page in the cache (another ETag).
    const stamp = new Date(now).toISOString();
    const choice = encodeURIComponent(
      JSON.stringify({
        categories: ['necessary'],
        consentTimestamp: stamp,
        lastConsentTimestamp: stamp,
        consentId: 'x',
      }),
    );
    const chosen = await page('/csa', { cookie: `antenne_consent=${choice}` });
    expect(chosen.body).not.toContain('consent-banner"');
    expect(chosen.headers.etag).not.toBe(first.headers.etag);
    // A cookie that is no valid choice (not JSON) still gets the banner.
    expect((await page('/csa', { cookie: 'antenne_consent=%7Bnope' })).body).toMatch(banner);
  });

  test('each public page is rendered once, its first screen loaded before: no query left for the browser', async () => {
    const rendered = () =>
      log.lines().filter((line) => line.msg === 'page rendered') as {
        url: string;
        renders: number;
        unloaded: string[];
      }[];
    const hrefs = (body: string, prefix: string) =>
      [...body.matchAll(/href="([^"]+)"/g)]
        .map((match) => (match[1] ?? '').replace(/&amp;/g, '&'))
        .filter((href) => href.startsWith(prefix));
    const home = await page('/?once=1');
    const guide = await page('/guide?once=1');
    const film = hrefs(home.body, '/details/vod/')[0];
    const urls = [
      '/?once=1',
      '/guide?once=1',
      film ?? '/details/vod/none',
      hrefs(home.body, '/mosaic/')[0] ?? '/mosaic/none',
      hrefs(home.body, '/vod/')[0] ?? '/vod/none',
      hrefs(home.body, '/legal/')[0] ?? '/legal/none',
      hrefs(guide.body, '/details/epg/')[0] ?? '/details/epg/none',
      '/search?q=nuit',
      '/csa',
      '/settings',
    ];
    for (const url of urls.slice(2)) expect((await page(url)).statusCode, url).toBe(200);
    for (const url of urls) {
      const line = rendered().find((entry) => entry.url === url);
      expect(line, `no render of ${url}`).toBeDefined();
      expect({ url, renders: line?.renders, unloaded: line?.unloaded }).toEqual({
        url,
        renders: 1,
        unloaded: [],
      });
    }
    // A details page and a mosaic come from the home's links: the pages rendered are real ones.
    expect(urls.filter((url) => url.endsWith('/none'))).toEqual([]);
  });

  test('the page carries its answers in its own language only (and French, the fallback)', async () => {
    const localesIn = (body: string) => {
      const found = new Set<string>();
      JSON.parse(PAGE_DATA.exec(body)?.[1] ?? 'null', (key, value: unknown) => {
        if (key !== 'localized' || value === null || typeof value !== 'object') return value;
        for (const entry of Array.isArray(value) ? value : Object.keys(value).map((locale) => ({ locale })))
          found.add((entry as { locale?: string }).locale ?? '?');
        return value;
      });
      return found;
    };
    const arabic = await page('/', { cookie: 'lang-preference=ar' });
    expect(arabic.statusCode).toBe(200);
    const locales = localesIn(arabic.body);
    expect(locales.has('ar') && locales.has('fr')).toBe(true);
    expect([...locales].filter((l) => l !== 'ar' && l !== 'fr')).toEqual([]);
    // The API itself still answers every language: what the page leaves out is only what it never shows.
    const films = (
      await app.inject(`${BASE}/content/asset?assetType=MOVIE&pageSize=1&onlyPublished=true&client=json`)
    ).json() as { items: { localized: Localized[] }[] };
    expect(films.items[0]?.localized.map((l) => l.locale)).toEqual(
      expect.arrayContaining(['en', 'es', 'de']),
    );
    expect([...localesIn((await page('/')).body)]).toEqual(['fr']);
  });

  test('a page is cached by CDNs and in process: s-maxage, Vary, an ETag that answers 304', async () => {
    const first = await page('/csa');
    expect(first.headers['cache-control']).toBe(PAGE_CACHE_CONTROL);
    expect(first.headers['cache-control']).toMatch(/s-maxage=\d+, stale-while-revalidate=\d+/);
    expect(String(first.headers.vary)).toMatch(/Accept-Language/);
    expect(String(first.headers.vary)).toMatch(/Cookie/);
    const etag = String(first.headers.etag);
    const again = await page('/csa');
    expect(again.headers.etag).toBe(etag);
    expect(again.body).toBe(first.body);
    const notModified = await page('/csa', { 'if-none-match': etag });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
    // Another language is another page.
    expect((await page('/csa', { cookie: 'lang-preference=en' })).headers.etag).not.toBe(etag);
  });

  test('the inline script React writes (the settings form replayed if submitted before the page is live) is allowed by its hash alone', async () => {
    const settings = await page('/settings');
    expect(settings.statusCode).toBe(200);
    const inline = [...settings.body.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
      (match) => match[1] ?? '',
    );
    expect(inline.length).toBeGreaterThan(0);
    const policy = String(settings.headers['content-security-policy']);
    const scriptSrc = /script-src ([^;]+)/.exec(policy)?.[1] ?? '';
    expect(scriptSrc.split(' ').sort()).toEqual(
      [
        "'self'",
        ...inline.map((text) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`),
      ].sort(),
    );
    expect(scriptSrc).not.toContain('unsafe-inline');
    // A page without one keeps the app's policy.
    expect((await page('/csa')).headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
  });

  test("the page’s text goes into the document as it is: `$&`, `$$`, `$'` and `` $` `` are no replacement patterns", async () => {
    const typed = "$'a$&b$$c$`";
    const res = await page(`/search?q=${encodeURIComponent(typed)}`);
    expect(res.statusCode).toBe(200);
    // React's escaping of the box's value: ' and & only.
    expect(res.body).toContain(`value="${typed.replace(/&/g, '&amp;').replace(/'/g, '&#x27;')}"`);
    expect(res.body.match(/<div id="root">/g)?.length).toBe(1);
  });

  test('inlineScriptHashes hashes the scripts that run, not data or files', () => {
    const hash = (text: string) => createHash('sha256').update(text).digest('base64');
    expect(
      inlineScriptHashes(
        '<p>a</p><script>run()</script><script type="application/json" id="x">{"a":1}</script>' +
          '<script src="/a.js"></script><script async>run()</script><script>other()</script>',
      ),
    ).toEqual([hash('run()'), hash('other()')]);
  });

  test('pages are sent compressed as the browser accepts them (brotli, gzip, none): the same HTML, one weak ETag, 304, HEAD', async () => {
    const list = (
      await app.inject(`${BASE}/content/asset?assetType=MOVIE&pageSize=1&onlyPublished=true&client=json`)
    ).json() as { items: { assetId: string }[] };
    const details = `/details/vod/${encodeURIComponent(list.items[0]?.assetId ?? '?')}`;
    // A page served by the not-found handler (most pages), the guide (the largest), and `/` (a route).
    for (const url of [details, '/guide', '/']) {
      const plain = await page(url, { 'accept-encoding': 'identity' });
      expect(plain.statusCode, url).toBe(200);
      expect(plain.headers['content-encoding'], url).toBeUndefined();
      expect(plain.body, url).toContain('data-ssr');
      const etag = String(plain.headers.etag);
      expect(etag, url).toMatch(/^W\/"[\w-]+"$/);
      for (const [accept, encoding, decode] of [
        ['gzip, deflate, br, zstd', 'br', zlib.brotliDecompressSync],
        ['gzip, deflate', 'gzip', zlib.gunzipSync],
        ['br;q=0, *', 'gzip', zlib.gunzipSync],
      ] as const) {
        const res = await page(url, { 'accept-encoding': accept });
        expect(res.headers['content-encoding'], `${url} ${accept}`).toBe(encoding);
        expect(String(res.headers.vary)).toMatch(/(^|, )Accept-Encoding(,|$)/);
        expect(res.headers.etag).toBe(etag);
        expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
        // Compressed once, not twice (@fastify/compress on `/` would make it a stream of another size).
        expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
        expect(decode(res.rawPayload).toString('utf8'), `${url} ${accept}`).toBe(plain.body);
        const notModified = await page(url, { 'accept-encoding': accept, 'if-none-match': etag });
        expect(notModified.statusCode).toBe(304);
        expect(notModified.rawPayload.length).toBe(0);
        const head = await app.inject({
          method: 'HEAD',
          url,
          headers: {
            accept: 'text/html',
            'user-agent': PHONE,
            'accept-language': 'fr-FR,fr;q=0.9',
            'accept-encoding': accept,
          },
          remoteAddress: '127.0.0.1',
        });
        expect(head.statusCode).toBe(200);
        expect(head.headers['content-encoding']).toBe(encoding);
        expect(head.headers.etag).toBe(etag);
        expect(head.rawPayload.length).toBe(0);
        // The length of the bytes a GET gets (brotli's: the best may have replaced the fast one since).
        const length = Number(head.headers['content-length']);
        if (encoding === 'br') expect(length).toBeGreaterThan(0);
        if (encoding === 'br') expect(length).toBeLessThanOrEqual(res.rawPayload.length);
        else expect(length).toBe(res.rawPayload.length);
      }
    }
    // The first brotli of a page is a fast one; the best replaces it once computed (in the background):
    // smaller, the same HTML. (The guide in English: a page not asked for yet.)
    const english = { 'accept-encoding': 'br', cookie: 'lang-preference=en' };
    const fast = await page('/guide', english);
    let best = fast;
    for (let i = 0; i < 300 && best.rawPayload.length === fast.rawPayload.length; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      best = await page('/guide', english);
    }
    expect(best.rawPayload.length).toBeLessThan(fast.rawPayload.length);
    expect(zlib.brotliDecompressSync(best.rawPayload).toString('utf8')).toBe(
      zlib.brotliDecompressSync(fast.rawPayload).toString('utf8'),
    );
    expect(best.headers.etag).toBe(fast.headers.etag);
  });

  test('index.html as built (a page drawn in the browser) is sent compressed too', async () => {
    const plain = await page('/mycontent', { 'accept-encoding': '' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('<div id="root"></div>');
    const br = await page('/mycontent', { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
    const gzip = await page('/mycontent', { 'accept-encoding': 'gzip' });
    expect(zlib.gunzipSync(gzip.rawPayload).toString('utf8')).toBe(plain.body);
  });

  test('the player and the signed-in pages are drawn in the browser: index.html as built, never cached', async () => {
    for (const url of ['/player/film-ete-a-dakar', '/mycontent']) {
      const res = await page(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('data-ssr');
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  test('hostile paths and queries render a page or a clear refusal, never a failure; the page data cannot close its script', async () => {
    // A NUL or a broken escape in the path: refused as a bad request before any render.
    expect((await page('/details/vod/%00%01')).statusCode).toBe(400);
    expect((await page('/vod/%E0%A4%A')).statusCode).toBe(400);
    for (const url of [
      '/details/vod/%01%02',
      `/search?q=${'x'.repeat(20_000)}`,
      `/search?q=${encodeURIComponent('</script><script>alert(1)</script>')}`,
    ]) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).not.toContain('<script>alert(1)</script>');
    }
    // A programme id that is no programme: the page's own redirect, as a redirect.
    const unknown = await page(`/details/epg/${encodeURIComponent('</script><script>alert(1)</script>')}`);
    expect(unknown.statusCode).toBe(302);
    expect(unknown.headers.location).toBe('/notFound');
    expect(scriptJson({ text: '</script><script>alert(1)</script>' })).not.toMatch(/[<>]/);
    expect(JSON.parse(scriptJson({ text: '</script>\u2028&' }))).toEqual({ text: '</script>\u2028&' });
  });
});

test('the encoding answered: the acceptable one of highest weight, brotli first at equal weight (RFC 9110)', () => {
  const cases: [string | undefined, string][] = [
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip, deflate, br, zstd', 'br'],
    ['BR', 'br'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['br;q=0, *', 'gzip'],
    ['br;q=0, gzip;q=0, *', 'identity'],
    ['*', 'br'],
    ['x-gzip', 'gzip'],
    ['deflate', 'identity'],
    ['identity;q=1, br;q=0.5', 'identity'],
    ['br;q=2, gzip', 'gzip'],
    ['br; q=0.000, gzip;q=0.001', 'identity'],
    ['identity;q=0, br; q=0.000, gzip;q=0.001', 'gzip'],
  ];
  for (const [header, expected] of cases) expect(negotiateEncoding(header), String(header)).toBe(expected);
});
