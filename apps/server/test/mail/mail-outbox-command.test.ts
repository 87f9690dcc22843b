import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { mailOutboxMain, USAGE } from '../../src/cli/mail-outbox-command.js';
import { createMailer, outboxKey } from '../../src/modules/mail/index.js';
import { buildTestApp, createTestDatabase, type TestDatabase } from '../helpers/test-app.js';

/**
 * `npm run mail:outbox` in-process (its main function): the outbox read from DATA_DIR's files,
 * as the person at the machine reads it without a browser (issue 30 item 2). The outbox exists
 * in the embedded mode only (SQLite, no SMTP_URL), so there is no PostgreSQL variant. One real
 * run of the command: test/mail/cli.test.ts.
 */

/** Runs the command with DATA_DIR (and more) as its environment: exit code and printed lines. */
async function run(args: string[], env: Record<string, string>) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await mailOutboxMain(args, {
    env,
    cwd: tmpdir(),
    out: (line) => out.push(line),
    err: (line) => err.push(line),
  });
  return { code, out, err };
}

describe('npm run mail:outbox', () => {
  let dataDir: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'antenne-mail-outbox-'));
    env = { DATA_DIR: dataDir, PORT: '8089' };
    const mailer = createMailer({
      smtpUrl: '',
      from: 'Antenne <noreply@antenne.example>',
      dataDir,
      log: pino({ level: 'silent' }),
    });
    // Seven mails, a minute apart, to two people: the newest is the seventh.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      for (let i = 1; i <= 7; i++) {
        vi.setSystemTime(new Date(Date.UTC(2026, 11, 2, 10, i)));
        await mailer.send({
          to: i % 2 === 0 ? 'Awa@example.com' : 'ines@example.com',
          subject: `Mail ${i}`,
          text: `Bonjour,\n\nSuivez ce lien :\nhttp://localhost:8080/identity/reset-password/t${i}?callbackURL=%2Flogin\n\nÀ bientôt`,
          html: '<p>Bonjour</p>',
        });
      }
    } finally {
      vi.useRealTimers();
      mailer.close();
    }
  });

  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  test('prints the five newest mails, newest first: date, recipient, subject, links and the .eml file', async () => {
    const { code, out, err } = await run([], env);
    expect(code, err.join('\n')).toBe(0);
    expect(err).toEqual([]);
    const headers = out.filter((line) => /^\d{4}-/.test(line));
    expect(headers).toEqual([
      '2026-12-02T10:07:00.000Z  to ines@example.com',
      '2026-12-02T10:06:00.000Z  to Awa@example.com',
      '2026-12-02T10:05:00.000Z  to ines@example.com',
      '2026-12-02T10:04:00.000Z  to Awa@example.com',
      '2026-12-02T10:03:00.000Z  to ines@example.com',
    ]);
    expect(out.slice(0, 4)).toEqual([
      '2026-12-02T10:07:00.000Z  to ines@example.com',
      '  Mail 7',
      '  http://localhost:8080/identity/reset-password/t7?callbackURL=%2Flogin',
      expect.stringMatching(new RegExp(`^  ${dataDir}/outbox/2026-12-02T10-07-00-000Z-[0-9a-f]{8}\\.eml$`)),
    ]);
    expect(out.at(-1)).toBe(`5 of 7 mails in ${path.join(dataDir, 'outbox')}, newest first`);
  });

  test('--last N and --to ADDRESS (any case) choose which', async () => {
    const last = await run(['--last', '2'], env);
    expect(last.out.filter((line) => line.startsWith('  Mail '))).toEqual(['  Mail 7', '  Mail 6']);
    const toAwa = await run(['--to', 'awa@EXAMPLE.com', '--last', '10'], env);
    expect(toAwa.out.filter((line) => line.startsWith('  Mail '))).toEqual([
      '  Mail 6',
      '  Mail 4',
      '  Mail 2',
    ]);
    expect(toAwa.out.at(-1)).toBe(
      `3 of 3 mails to awa@example.com in ${path.join(dataDir, 'outbox')}, newest first`,
    );
    const nobody = await run(['--to', 'nobody@example.com'], env);
    expect(nobody).toEqual({
      code: 0,
      out: [`no mail to nobody@example.com in ${path.join(dataDir, 'outbox')}`],
      err: [],
    });
  });

  test('--link prints the link that opens /dev/outbox with the key, once the server has made it', async () => {
    const fresh = mkdtempSync(path.join(tmpdir(), 'antenne-mail-outbox-'));
    try {
      const before = await run(['--link'], { DATA_DIR: fresh });
      expect(before.code).toBe(1);
      expect(before.err.join('\n')).toMatch(
        /no outbox key in .* yet: the server makes it at its first start/,
      );
      const key = outboxKey(fresh);
      expect(await run(['--link'], { DATA_DIR: fresh })).toEqual({
        code: 0,
        out: [`http://localhost:8080/dev/outbox?key=${key}`],
        err: [],
      });
      const listening = await run(['--link'], { DATA_DIR: fresh, HOST: '127.0.0.1', PORT: '9000' });
      expect(listening.out).toEqual([`http://127.0.0.1:9000/dev/outbox?key=${key}`]);
    } finally {
      rmSync(fresh, { recursive: true, force: true });
    }
  });

  test("the printed link opens the server's outbox page", async () => {
    let testDb: TestDatabase | undefined;
    try {
      testDb = await createTestDatabase('sqlite', { seed: false });
      const app = await buildTestApp(testDb, { config: { smtpUrl: '' } });
      try {
        const { out } = await run(['--link'], { DATA_DIR: testDb.options.dataDir });
        const link = new URL(out[0]!);
        const answer = await app.inject({ url: link.pathname + link.search, remoteAddress: '127.0.0.1' });
        expect(answer.statusCode).toBe(303);
        const cookie = String(answer.headers['set-cookie']).split(';')[0]!;
        expect(
          (await app.inject({ url: '/dev/outbox', remoteAddress: '127.0.0.1', headers: { cookie } }))
            .statusCode,
        ).toBe(200);
      } finally {
        await app.close();
      }
    } finally {
      await testDb?.cleanup();
    }
  });

  test('an empty outbox says so; with SMTP_URL it says new mail goes to the relay', async () => {
    const fresh = mkdtempSync(path.join(tmpdir(), 'antenne-mail-outbox-'));
    try {
      expect(await run([], { DATA_DIR: fresh })).toEqual({
        code: 0,
        out: [`no mail in ${path.join(fresh, 'outbox')}`],
        err: [],
      });
      const relay = await run([], { DATA_DIR: fresh, SMTP_URL: 'smtp://127.0.0.1:25' });
      expect(relay.code).toBe(0);
      expect(relay.err).toEqual([
        'SMTP_URL is set: mail goes to that relay; the outbox holds only mail written without it.',
      ]);
    } finally {
      rmSync(fresh, { recursive: true, force: true });
    }
  });

  test('a wrong usage exits 2 with the usage; a configuration error exits 1 with its message', async () => {
    for (const args of [
      ['--last'],
      ['--last', '0'],
      ['--last', 'x'],
      ['--to'],
      ['--to', '--link'],
      ['--all'],
      ['x'],
    ]) {
      expect(await run(args, env), args.join(' ')).toEqual({ code: 2, out: [], err: [USAGE] });
    }
    const broken = await run([], { DATA_DIR: dataDir, PORT: 'eighty' });
    expect(broken.code).toBe(1);
    expect(broken.err.join('\n')).toMatch(/PORT/);
  });
});
