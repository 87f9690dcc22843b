/**
 * The static baseline of each page: the page's first screen as the built app draws it (its headings,
 * its texts, its images at their drawn size), written as static HTML with no JavaScript and served by
 * a bare Node server. Its images are the real server's image URLs, passed through the bare server so
 * they come from the page's own origin, as in the app. Lighthouse on it gives what this machine and
 * throttling allow at best for the same content.
 */
import { createServer } from 'node:http';
import { chromium } from 'playwright-core';

/** Lighthouse's mobile screen (its default form factor): 412×823 CSS pixels at 1.75 device pixels each. */
const LIGHTHOUSE_SCREEN = { width: 412, height: 823 };
const LIGHTHOUSE_DPR = 1.75;

interface FirstScreen {
  lang: string;
  dir: string;
  title: string;
  body: string;
}

/**
 * Run in the loaded page (a string, so that no compiled helper leaks into it): in document order,
 * each heading, text and image that intersects the first screen, as static HTML.
 */
const FIRST_SCREEN = `(() => {
  const esc = (s) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
  const onScreen = (el) => {
    const r = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    return r.width > 0 && r.height > 0 && r.bottom > 0 && r.right > 0 && r.top < innerHeight &&
      r.left < innerWidth && style.visibility !== 'hidden' && Number(style.opacity) > 0;
  };
  const parts = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.nodeType === Node.TEXT_NODE) {
      const text = node.textContent.replace(/\\s+/g, ' ').trim();
      const parent = node.parentElement;
      if (text && parent && !parent.closest('script,style,noscript,h1,h2,h3,h4,h5,h6') && onScreen(parent))
        parts.push('<p>' + esc(text) + '</p>');
    } else if (node.tagName === 'IMG') {
      if (!node.currentSrc || !onScreen(node)) continue;
      const url = new URL(node.currentSrc);
      const src = url.origin === location.origin ? url.pathname + url.search : url.href;
      const r = node.getBoundingClientRect();
      parts.push('<img src="' + esc(src) + '" alt="' + esc(node.alt) + '" style="width:' + Math.round(r.width) +
        'px;height:' + Math.round(r.height) + 'px">');
    } else if (/^H[1-6]$/.test(node.tagName) && onScreen(node)) {
      const tag = node.tagName.toLowerCase();
      const text = node.textContent.replace(/\\s+/g, ' ').trim();
      if (text) parts.push('<' + tag + '>' + esc(text) + '</' + tag + '>');
    }
  }
  const root = document.documentElement;
  return { lang: root.lang, dir: root.dir || 'ltr', title: document.title, body: parts.join('\\n') };
})()`;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

function staticPage({ lang, dir, title, body }: FirstScreen): string {
  return (
    `<!doctype html><html lang="${escapeHtml(lang)}" dir="${escapeHtml(dir)}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>` +
    '<style>body{margin:0 8px;font-family:system-ui,sans-serif}img{display:block;max-width:100%;object-fit:cover}</style>' +
    `</head><body>\n${body}\n</body></html>`
  );
}

/**
 * Each page's first screen, read in the browser Lighthouse drives (over its DevTools port, so the
 * same language and defaults) at Lighthouse's mobile screen, once the page and its images are loaded.
 */
export async function firstScreens(
  devtoolsPort: number,
  appUrl: string,
  pages: readonly { name: string; path: string }[],
): Promise<Map<string, string>> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${devtoolsPort}`);
  const screens = new Map<string, string>();
  try {
    const context = await browser.newContext({
      viewport: LIGHTHOUSE_SCREEN,
      deviceScaleFactor: LIGHTHOUSE_DPR,
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    for (const { name, path } of pages) {
      await page.goto(appUrl + path, { waitUntil: 'networkidle', timeout: 60_000 });
      await page
        .waitForFunction('[...document.images].every((image) => image.complete)', undefined, {
          timeout: 10_000,
        })
        .catch(() => undefined);
      screens.set(name, staticPage((await page.evaluate(FIRST_SCREEN)) as FirstScreen));
    }
    await context.close();
  } finally {
    await browser.close();
  }
  return screens;
}

/** A bare Node server: the static pages by name (`/{name}`); any other path (the images) passed through from the app. */
export function startBaseline(
  appUrl: string,
  pages: ReadonlyMap<string, string>,
): Promise<{ url: string; close: () => void }> {
  return new Promise((resolve) => {
    const server = createServer((request, response) => {
      const url = request.url ?? '/';
      const html = pages.get(url.slice(1));
      if (html !== undefined) {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
        return;
      }
      // Anything else the static page names: its images (and the site's logo), from the app.
      void fetch(appUrl + url, { headers: { accept: request.headers.accept ?? '*/*' } })
        .then(async (file) => {
          const headers = ['content-type', 'cache-control', 'etag'].flatMap((name) => {
            const value = file.headers.get(name);
            return value === null ? [] : [[name, value] as [string, string]];
          });
          response
            .writeHead(file.status, Object.fromEntries(headers))
            .end(Buffer.from(await file.arrayBuffer()));
        })
        .catch(() => response.writeHead(502).end());
    });
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({
        url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`,
        close: () => server.close(),
      });
    });
  });
}
