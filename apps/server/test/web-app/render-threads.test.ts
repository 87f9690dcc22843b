import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  renderOnThreads,
  type RenderInput,
  type Renderer,
} from '../../src/modules/web-app/render-threads.js';

/**
 * The render threads (issue 16: a slow render must not starve the API). A stand-in for the web
 * app's server entry, whose renders ask the server for data like the real one, then work without
 * yielding for as long as the page asks: the request thread must answer meanwhile.
 */

const ENTRY = `
export async function prepare() {}
export function isServerRendered() { return true; }
export function pageModuleOf() { return ''; }
export async function render({ url, locale, fetch }) {
  const [path, query = ''] = url.split('?');
  if (path === '/exit') process.exit(3);
  if (path === '/throw') throw new Error('the page failed');
  const answer = await fetch('/v1/thing?x=1', { method: 'POST', headers: { 'x-asked': path }, body: 'body' });
  const text = await answer.text();
  const busyMs = Number(new URLSearchParams(query).get('busy') ?? 0);
  for (const until = Date.now() + busyMs; Date.now() < until; );
  return { html: '<p>' + locale + ' ' + answer.status + ' ' + answer.headers.get('x-answer') + ' ' + text + '</p>', head: '', data: { hydrate: true } };
}
`;

const input = (url: string): RenderInput => ({
  url,
  locale: 'fr',
  translations: {},
  context: { now: 0, desktop: false, origin: 'http://localhost' },
});

describe('render threads', () => {
  let dir: string;
  let renderer: Renderer;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'antenne-render-'));
    writeFileSync(path.join(dir, 'entry-server.mjs'), ENTRY);
    renderer = renderOnThreads(path.join(dir, 'entry-server.mjs'), 1);
  });
  afterAll(async () => {
    await renderer?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test("a page's API calls are answered by the request thread, as asked (method, headers, body)", async () => {
    const seen: { url: string; method?: string; asked?: string | null; body?: unknown }[] = [];
    const fetch: typeof globalThis.fetch = (url, init) => {
      seen.push({
        url: String(url),
        method: init?.method,
        asked: new Headers(init?.headers).get('x-asked'),
        body: init?.body,
      });
      return Promise.resolve(new Response('answered', { status: 201, headers: { 'x-answer': 'yes' } }));
    };
    const page = await renderer.render(input('/films'), fetch);
    expect(page.html).toBe('<p>fr 201 yes answered</p>');
    expect(seen).toEqual([{ url: '/v1/thing?x=1', method: 'POST', asked: '/films', body: 'body' }]);
  });

  test('while a page renders for seconds without yielding, the request thread answers at once', async () => {
    let asked!: () => void;
    const renderStarted = new Promise<void>((resolve) => (asked = resolve));
    const fetch: typeof globalThis.fetch = () => {
      asked();
      return Promise.resolve(new Response('ok'));
    };
    let done = false;
    const rendering = renderer.render(input('/slow?busy=3000'), fetch).finally(() => (done = true));
    await renderStarted;
    // The render has its answer and now works for 3 s. On the request thread it would hold this
    // timer (and every API call) until it ends; on its own thread the timer fires on time.
    const started = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(performance.now() - started).toBeLessThan(1000);
    expect(done).toBe(false);
    expect((await rendering).html).toBe('<p>fr 200 null ok</p>');
  });

  test('a page that fails, or a thread that dies, fails that render only; the next one renders', async () => {
    const fetch: typeof globalThis.fetch = () => Promise.resolve(new Response('ok'));
    await expect(renderer.render(input('/throw'), fetch)).rejects.toThrow('the page failed');
    await expect(renderer.render(input('/exit'), fetch)).rejects.toThrow();
    expect((await renderer.render(input('/after'), fetch)).html).toBe('<p>fr 200 null ok</p>');
  });

  test("a call that fails on the request thread fails the page's fetch, as a network error would", async () => {
    const fetch: typeof globalThis.fetch = () => Promise.reject(new Error('no route'));
    await expect(renderer.render(input('/films'), fetch)).rejects.toThrow('no route');
  });
});
