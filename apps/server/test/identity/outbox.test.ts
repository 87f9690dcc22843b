import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { identityPaths } from '@antenne/contract';
import type { App } from '../../src/app.js';
import { readOutboxKey } from '../../src/modules/mail/index.js';
import { buildTestApp, createTestDatabase, type TestDatabase } from '../helpers/test-app.js';

/**
 * The embedded default: no SMTP_URL, mail written to DATA_DIR/outbox and listed at /dev/outbox
 * for the person at the machine (the proxy case and the key: test/mail/outbox-key.test.ts).
 */
describe('mail without SMTP_URL (embedded mode)', () => {
  let testDb: TestDatabase;
  let app: App;

  beforeAll(async () => {
    testDb = await createTestDatabase('sqlite');
    app = await buildTestApp(testDb, { config: { smtpUrl: '' } });
  });

  afterAll(async () => {
    await app?.close();
    await testDb?.cleanup();
  });

  test('a verification mail lands in DATA_DIR/outbox as .eml and is listed, with its link, on /dev/outbox from this machine with the outbox key only', async () => {
    const signUp = await app.inject({
      method: 'POST',
      url: identityPaths.signUpEmail,
      headers: { origin: 'http://localhost:8080', 'accept-language': 'es-ES,es;q=0.9' },
      payload: { email: 'ines@example.com', password: 'Contraseña1!', name: 'Inés' },
    });
    expect(signUp.statusCode, signUp.body).toBe(200);
    const outbox = path.join(testDb.options.dataDir, 'outbox');
    await expect.poll(() => readdirSync(outbox).filter((f) => f.endsWith('.json')).length).toBe(1);
    const eml = readdirSync(outbox).find((f) => f.endsWith('.eml'))!;
    const raw = readFileSync(path.join(outbox, eml), 'utf8');
    expect(raw).toMatch(/^To: ines@example\.com$/m);
    expect(raw).toMatch(/^Content-Type: multipart\/alternative/m);

    // The outbox link the log prints at start: its key for a cookie, then the page.
    const key = readOutboxKey(testDb.options.dataDir);
    const link = await app.inject({ url: `/dev/outbox?key=${key}`, remoteAddress: '127.0.0.1' });
    expect(link.statusCode).toBe(303);
    const cookie = String(link.headers['set-cookie']).split(';')[0]!;
    const page = await app.inject({ url: '/dev/outbox', remoteAddress: '127.0.0.1', headers: { cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    // In the visitor's language (no language stored: Accept-Language), with the link clickable.
    expect(page.body).toContain('Confirme su dirección de correo electrónico');
    expect(page.body).toMatch(/<a href="http:\/\/localhost:8080\/identity\/verify-email\?token=[^"]+">/);

    const remote = await app.inject({
      url: '/dev/outbox',
      remoteAddress: '203.0.113.9',
      headers: { cookie },
    });
    expect(remote.statusCode).toBe(404);
  });

  test('the identity secret is generated once into DATA_DIR/auth-secret, readable by the owner only, and kept across restarts', async () => {
    const file = path.join(testDb.options.dataDir, 'auth-secret');
    const first = readFileSync(file, 'utf8');
    expect(first.trim().length).toBeGreaterThanOrEqual(32);
    expect(statSync(file).mode & 0o077).toBe(0);
    const again = await buildTestApp(testDb, { config: { smtpUrl: '' } });
    await again.close();
    expect(readFileSync(file, 'utf8')).toBe(first);
  });
});

describe('with SMTP_URL', () => {
  test('there is no /dev/outbox page', async () => {
    const testDb = await createTestDatabase('sqlite');
    const app = await buildTestApp(testDb, { config: { smtpUrl: 'smtp://127.0.0.1:9' } });
    try {
      expect(
        (
          await app.inject({
            url: '/dev/outbox',
            remoteAddress: '127.0.0.1',
            headers: { accept: 'application/json' },
          })
        ).statusCode,
      ).toBe(404);
    } finally {
      await app.close();
      await testDb.cleanup();
    }
  });
});
