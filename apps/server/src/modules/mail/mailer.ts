import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

/** A mail ready to send: both a text and an HTML body, in the recipient's language. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** Closes the SMTP connection pool. */
  close(): void;
}

/** One mail written to the outbox (embedded mode), as /dev/outbox lists it. */
export interface OutboxEntry extends Mail {
  id: string;
  from: string;
  /** ISO date. */
  date: string;
}

export const OUTBOX_DIR_NAME = 'outbox';

/**
 * With SMTP_URL, mail goes to that relay (nodemailer, pooled). Without it (the embedded default),
 * each mail is written to DATA_DIR/outbox as a .eml file a mail client opens, plus a .json the
 * /dev/outbox page lists. Addresses and subjects are logged, never bodies (they carry links that
 * act as credentials).
 */
export function createMailer({
  smtpUrl,
  from,
  dataDir,
  log,
}: {
  smtpUrl: string;
  from: string;
  dataDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  if (smtpUrl !== '') {
    const transport: Transporter = nodemailer.createTransport(smtpUrl, { from });
    return {
      async send(mail) {
        await transport.sendMail({ from, ...mail });
        log.info({ to: mail.to, subject: mail.subject }, 'mail sent');
      },
      close: () => transport.close(),
    };
  }
  const outbox = path.join(dataDir, OUTBOX_DIR_NAME);
  const render = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      await mkdir(outbox, { recursive: true });
      const date = new Date();
      const id = `${date.toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}`;
      const { message } = (await render.sendMail({ from, date, ...mail })) as { message: Buffer };
      const entry: OutboxEntry = { id, from, date: date.toISOString(), ...mail };
      // Written under a temporary name, then renamed: the page never lists half a mail.
      await writeFile(path.join(outbox, `${id}.eml`), message);
      await writeFile(path.join(outbox, `${id}.json.tmp`), JSON.stringify(entry));
      await rename(path.join(outbox, `${id}.json.tmp`), path.join(outbox, `${id}.json`));
      log.info(
        { to: mail.to, subject: mail.subject, outbox: path.join(outbox, `${id}.eml`) },
        'mail written to the outbox',
      );
    },
    close: () => render.close(),
  };
}

/** The outbox's mails, newest first. */
export async function readOutbox(dataDir: string): Promise<OutboxEntry[]> {
  const outbox = path.join(dataDir, OUTBOX_DIR_NAME);
  let names: string[];
  try {
    names = await readdir(outbox);
  } catch {
    return [];
  }
  const entries = await Promise.all(
    names
      .filter((name) => name.endsWith('.json'))
      .map(async (name) => JSON.parse(await readFile(path.join(outbox, name), 'utf8')) as OutboxEntry),
  );
  return entries.sort((a, b) => b.date.localeCompare(a.date) || b.id.localeCompare(a.id));
}
