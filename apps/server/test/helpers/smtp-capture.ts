import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  to: string[];
  /** The raw message (headers and MIME body). */
  raw: string;
  /** The subject, decoded. */
  subject: string;
  /** The text part, decoded from quoted-printable. */
  text: string;
}

/**
 * A real SMTP server on a free local port that keeps every message it receives: point SMTP_URL at
 * `url` and read `mails`.
 */
export async function startSmtpCapture(): Promise<{
  url: string;
  mails: CapturedMail[];
  waitFor: (to: string, count?: number) => Promise<CapturedMail>;
  stop: () => Promise<void>;
}> {
  const mails: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          subject: decodeSubject(raw),
          text: textPart(raw),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const waitFor = async (to: string, count = 1) => {
    for (let i = 0; i < 200; i++) {
      const found = mails.filter((mail) => mail.to.includes(to));
      if (found.length >= count) return found[count - 1]!;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`no mail #${count} to ${to} within 5 s`);
  };
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    waitFor,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function decodeSubject(raw: string): string {
  const line = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw)?.[1] ?? '';
  return line
    .replace(/\r?\n[ \t]/g, ' ')
    .replace(/=\?utf-8\?([BQ])\?([^?]*)\?=\s*/gi, (_m, enc: string, data: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQp(data.replace(/_/g, ' ')),
    )
    .trim();
}

function textPart(raw: string): string {
  const match =
    /Content-Type: text\/plain[^\n]*\r?\n(?:Content-Transfer-Encoding: ([^\r\n]+)\r?\n)?\r?\n([\s\S]*?)\r?\n--/i.exec(
      raw,
    );
  if (!match) return '';
  const [, encoding = '', body = ''] = match;
  if (/base64/i.test(encoding)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return /quoted-printable/i.test(encoding) ? decodeQp(body) : body;
}

function decodeQp(text: string): string {
  const bytes: number[] = [];
  const soft = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < soft.length; i++) {
    if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(soft.slice(i + 1, i + 3))) {
      bytes.push(parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(soft[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}
