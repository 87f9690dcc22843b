import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { identityPaths } from '@antenne/contract';
import type { App } from '../../src/app.js';
import { outboxKey, readOutbox, readOutboxKey } from '../../src/modules/mail/index.js';
import { IdentityClient, linkIn } from '../helpers/identity-client.js';
import {
  buildTestApp,
  createTestDatabase,
  engines,
  memoryLogger,
  type TestDatabase,
} from '../helpers/test-app.js';

/**
 * Issue 30 item 2: a proxy on the same host that forwards without any header — nginx's plain
 * `proxy_pass http://127.0.0.1:8080;`, which also sends `Host: 127.0.0.1:8080` — made every
 * visitor "local" to /dev/outbox, and a reset link read there took over any account. The outbox
 * now also needs the outbox key (DATA_DIR/outbox-key, printed in the log at start), which only
 * the person at the machine has.
 */

const VICTIM = 'victime@example.com';
const PASSWORD = 'Motdepasse1!';
const NOT_FOUND = { httpCode: 404, message: 'NOT_FOUND' };

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** One request over a real socket to 127.0.0.1:port, redirects not followed. */
function send(
  port: number,
  urlPath: string,
  {
    method = 'GET',
    headers = {},
    body,
  }: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, path: urlPath, method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
    });
    request.on('error', reject);
    request.end(body);
  });
}

/**
 * A reverse proxy as nginx's plain `proxy_pass http://127.0.0.1:<port>;` is one: it listens on
 * 127.0.0.1, adds no header of its own (no X-Forwarded-For, no Via), rewrites Host to the
 * upstream's address and closes the upstream connection after each request.
 */
async function nginxLikeProxy(upstreamPort: number): Promise<{ port: number; close: () => Promise<void> }> {
  const server = http.createServer((incoming, outgoing) => {
    const headers: IncomingHttpHeaders = { ...incoming.headers, host: `127.0.0.1:${upstreamPort}` };
    headers.connection = 'close';
    delete headers['keep-alive'];
    const upstream = http.request(
      { host: '127.0.0.1', port: upstreamPort, method: incoming.method, path: incoming.url, headers },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', () => outgoing.writeHead(502).end());
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A key of the same length as `key` that is not it. */
const sameLengthOther = (key: string) => `${key[0] === 'A' ? 'B' : 'A'}${key.slice(1)}`;

describe.each(engines)(
  "the outbox behind a same-host proxy that adds no header, as nginx's plain proxy_pass (%s)",
  (engine) => {
    let testDb: TestDatabase;
    let app: App;
    let appPort: number;
    let proxy: Awaited<ReturnType<typeof nginxLikeProxy>>;
    let key: string;

    beforeAll(async () => {
      testDb = await createTestDatabase(engine);
      app = await buildTestApp(testDb, { config: { smtpUrl: '', trustProxy: false } });
      await app.listen({ port: 0, host: '127.0.0.1' });
      appPort = (app.server.address() as AddressInfo).port;
      proxy = await nginxLikeProxy(appPort);
      key = readOutboxKey(testDb.options.dataDir)!;
      // The victim: an account with a verified address.
      const victim = new IdentityClient(app, '198.51.100.1');
      const signUp = await victim.call('POST', identityPaths.signUpEmail, {
        email: VICTIM,
        password: PASSWORD,
        name: 'Victime',
      });
      expect(signUp.statusCode, signUp.body).toBe(200);
      const [mail] = await readOutbox(testDb.options.dataDir);
      const link = linkIn(mail!.text, 'verify-email');
      expect((await victim.call('GET', link.pathname + link.search)).statusCode).toBe(302);
    });

    afterAll(async () => {
      await proxy?.close();
      await app?.close();
      await testDb?.cleanup();
    });

    const viaProxy = (urlPath: string, headers: Record<string, string> = {}) =>
      send(proxy.port, urlPath, { headers });
    const direct = (urlPath: string, headers: Record<string, string> = {}) =>
      send(appPort, urlPath, { headers: { host: `localhost:${appPort}`, ...headers } });

    /** The outbox link of the log followed as a browser does: its key for the cookie, then the page. */
    async function openWithKey(
      get: typeof viaProxy,
      candidate: string,
    ): Promise<{ link: Answer; page?: Answer }> {
      const link = await get(`/dev/outbox?key=${encodeURIComponent(candidate)}`);
      if (link.status !== 303) return { link };
      const cookie = String(link.headers['set-cookie']).split(';')[0]!;
      return { link, page: await get(String(link.headers.location), { cookie }) };
    }

    test('through the proxy: 404 without the key, with a wrong key (same length or not) or a wrong cookie; with the key, the page', async () => {
      const wrongKeys = [
        sameLengthOther(key),
        key.slice(0, -1),
        `${key}A`,
        'x',
        '',
        key.toUpperCase() === key ? key.toLowerCase() : key.toUpperCase(),
      ];
      const bare = await viaProxy('/dev/outbox');
      expect({ status: bare.status, body: JSON.parse(bare.body) }).toEqual({ status: 404, body: NOT_FOUND });
      for (const wrong of wrongKeys) {
        const { link } = await openWithKey(viaProxy, wrong);
        expect({ wrong, status: link.status, body: link.body }).toEqual({
          wrong,
          status: 404,
          body: JSON.stringify(NOT_FOUND),
        });
        expect(link.headers['set-cookie']).toBeUndefined();
        const cookied = await viaProxy('/dev/outbox', { cookie: `antenne_outbox_key=${wrong}` });
        expect({ wrong, status: cookied.status }).toEqual({ wrong, status: 404 });
      }
      // The key given twice is no key.
      expect((await viaProxy(`/dev/outbox?key=${key}&key=${key}`)).status).toBe(404);

      const { link, page } = await openWithKey(viaProxy, key);
      expect(link.status).toBe(303);
      // The key becomes a cookie of this page only, and leaves the address bar (history, Referer).
      expect(link.headers.location).toBe('/dev/outbox');
      expect(link.headers['set-cookie']).toEqual([
        `antenne_outbox_key=${key}; Path=/dev/outbox; HttpOnly; SameSite=Strict`,
      ]);
      expect(link.headers['cache-control']).toBe('no-store');
      expect(page?.status).toBe(200);
      expect(page?.headers['content-type']).toMatch(/^text\/html/);
      expect(page?.headers['referrer-policy']).toBe('no-referrer');
      expect(page?.headers['cache-control']).toBe('no-store');
      expect(page?.body).toContain(VICTIM);
    });

    test('talking to the server directly from this machine: 404 without the key too, and with a wrong one; with it, the page', async () => {
      expect((await direct('/dev/outbox')).status).toBe(404);
      expect((await openWithKey(direct, sameLengthOther(key))).link.status).toBe(404);
      expect((await direct('/dev/outbox', { cookie: `antenne_outbox_key=${key.slice(1)}` })).status).toBe(
        404,
      );
      const { page } = await openWithKey(direct, key);
      expect(page?.status).toBe(200);
      expect(page?.body).toMatch(/<a href="http:\/\/localhost:8080\/identity\/verify-email\?token=/);
    });

    test("the issue's takeover through the proxy: a reset of the victim's password is asked, the outbox holds its link, and nobody gets it", async () => {
      const mailsBefore = (await readOutbox(testDb.options.dataDir)).length;
      const reset = await send(proxy.port, identityPaths.requestPasswordReset, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'http://localhost:8080' },
        body: JSON.stringify({ email: VICTIM, redirectTo: '/login?reset=1' }),
      });
      expect(reset.status, reset.body).toBe(200);
      const mails = await readOutbox(testDb.options.dataDir);
      expect(mails).toHaveLength(mailsBefore + 1);
      expect(mails[0]?.text).toMatch(/reset-password/);

      for (const attempt of [
        await viaProxy('/dev/outbox'),
        await viaProxy(`/dev/outbox?key=${sameLengthOther(key)}`),
        await viaProxy('/dev/outbox', { accept: 'text/html', host: 'localhost:8080' }),
      ]) {
        expect(attempt.status).toBe(404);
        expect(attempt.body).not.toMatch(/reset-password/);
      }
    });
  },
);

describe('the outbox key', () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase('sqlite', { seed: false });
  });
  afterAll(async () => testDb?.cleanup());

  test('is 256 random bits in DATA_DIR/outbox-key, readable by the owner only, kept across restarts and shared by the processes of that DATA_DIR', async () => {
    const first = await buildTestApp(testDb, { config: { smtpUrl: '' } });
    const file = path.join(testDb.options.dataDir, 'outbox-key');
    const key = readFileSync(file, 'utf8').trim();
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(statSync(file).mode & 0o077).toBe(0);
    // A second process of the same DATA_DIR (or the next start) has the same key: a cookie from one opens the other.
    const second = await buildTestApp(testDb, { config: { smtpUrl: '' } });
    try {
      expect(readFileSync(file, 'utf8').trim()).toBe(key);
      const link = await first.inject({ url: `/dev/outbox?key=${key}`, remoteAddress: '127.0.0.1' });
      const cookie = String(link.headers['set-cookie']).split(';')[0]!;
      const page = await second.inject({
        url: '/dev/outbox',
        remoteAddress: '127.0.0.1',
        headers: { cookie },
      });
      expect(page.statusCode).toBe(200);
    } finally {
      await first.close();
      await second.close();
    }
    // Another DATA_DIR, another key.
    const elsewhere = mkdtempSync(path.join(tmpdir(), 'antenne-outbox-key-'));
    try {
      expect(outboxKey(elsewhere)).not.toBe(key);
    } finally {
      rmSync(elsewhere, { recursive: true, force: true });
    }
  });

  test('is made only for the outbox: with SMTP_URL there is none', async () => {
    const other = await createTestDatabase('sqlite', { seed: false });
    const app = await buildTestApp(other, { config: { smtpUrl: 'smtp://127.0.0.1:9' } });
    try {
      expect(existsSync(path.join(other.options.dataDir, 'outbox-key'))).toBe(false);
    } finally {
      await app.close();
      await other.cleanup();
    }
  });

  test('a file that holds no key (too short to be one) is refused with what to do, not used', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'antenne-outbox-key-'));
    try {
      writeFileSync(path.join(dataDir, 'outbox-key'), 'secret\n', { mode: 0o600 });
      expect(() => outboxKey(dataDir)).toThrow(/outbox-key does not hold an outbox key .*delete it/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test("the request's line in the log does not carry the key", async () => {
    const { logger, lines } = memoryLogger();
    const app = await buildTestApp(testDb, { config: { smtpUrl: '' }, logger });
    try {
      const key = readOutboxKey(testDb.options.dataDir)!;
      expect(
        (await app.inject({ url: `/dev/outbox?key=${key}`, remoteAddress: '127.0.0.1' })).statusCode,
      ).toBe(303);
      const logged = lines().find((line) => line.msg === 'request completed');
      expect(logged?.url).toBe('/dev/outbox?key=[redacted]');
      expect(JSON.stringify(lines())).not.toContain(key);
    } finally {
      await app.close();
    }
  });
});
