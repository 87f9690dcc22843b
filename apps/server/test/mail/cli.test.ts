import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createMailer } from '../../src/modules/mail/index.js';
import { runCli } from '../helpers/cli.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-app.js';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const MAIN = path.resolve(import.meta.dirname, '../../src/main.ts');

/** A GET to 127.0.0.1:port, redirects not followed: status and headers. */
function get(port: number, urlPath: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>(
    (resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path: urlPath, headers }, (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk.toString()));
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
          );
        })
        .on('error', reject);
    },
  );
}

/** The real processes (issue 30 item 2): `npm run mail:outbox` run as an administrator runs it, and `npm start`'s banner. */
describe('the mail outbox from the machine itself', () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase('sqlite', { seed: false });
    const mailer = createMailer({
      smtpUrl: '',
      from: 'Antenne <noreply@antenne.example>',
      dataDir: testDb.options.dataDir,
      log: pino({ level: 'silent' }),
    });
    await mailer.send({
      to: 'ines@example.com',
      subject: 'Réinitialisez votre mot de passe',
      text: 'Suivez ce lien :\nhttp://localhost:8080/identity/reset-password/abc?callbackURL=%2Flogin\n',
      html: '<p>Suivez ce lien</p>',
    });
    mailer.close();
  });
  afterAll(async () => testDb?.cleanup());

  test('mail:outbox prints the newest mail with its link; a wrong usage exits 2', async () => {
    const listed = await runCli('mail-outbox.ts', testDb, ['--last', '1']);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toContain('to ines@example.com\n  Réinitialisez votre mot de passe\n');
    expect(listed.stdout).toContain(
      '  http://localhost:8080/identity/reset-password/abc?callbackURL=%2Flogin\n',
    );
    const usage = await runCli('mail-outbox.ts', testDb, ['--last', 'all']);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('usage: mail:outbox [--last N] [--to ADDRESS] [--link]');
  }, 60_000);

  test("the server's start banner prints the outbox link whole, and it opens the page", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'antenne-outbox-banner-'));
    const child = spawn(process.execPath, ['--conditions=antenne-source', '--import', 'tsx', MAIN], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        SMTP_URL: '',
        DEMO_CONTENT: 'false',
        LOG_LEVEL: 'info',
        NODE_ENV: 'test',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    try {
      const link = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no outbox link:\n${output}`)), 30_000);
        const onData = (chunk: Buffer) => {
          output += chunk.toString();
          const match = /mail outbox \(no SMTP_URL\), on this machine: (http:\/\/\S+?)"/.exec(output);
          if (match?.[1]) {
            clearTimeout(timer);
            resolve(match[1]);
          }
        };
        child.stdout.on('data', onData);
        child.stderr.on('data', onData);
        child.on('exit', () => reject(new Error(`server exited:\n${output}`)));
      });
      // Printed right after the listening line, with the key the log's redaction leaves whole.
      const url = new URL(link);
      expect(url.pathname).toBe('/dev/outbox');
      expect(url.searchParams.get('key')).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const port = Number(url.port);
      expect(output).toContain(`listening on http://127.0.0.1:${port}`);
      const opened = await get(port, url.pathname + url.search);
      expect(opened.status).toBe(303);
      const cookie = String(opened.headers['set-cookie']).split(';')[0]!;
      expect((await get(port, '/dev/outbox', { cookie })).status).toBe(200);
      expect((await get(port, '/dev/outbox')).status).toBe(404);
    } finally {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
