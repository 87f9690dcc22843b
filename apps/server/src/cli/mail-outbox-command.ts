import path from 'node:path';
import { ConfigError, loadConfig } from '../config.js';
import { OutboxKeyError, outboxLink, readOutbox, readOutboxKey } from '../modules/mail/index.js';

/**
 * `npm run mail:outbox -- [--last N] [--to ADDRESS] [--link]` (`node dist/cli/mail-outbox.js`):
 * the mail the embedded mode wrote to DATA_DIR/outbox instead of sending it (no SMTP_URL), read
 * from the files themselves — newest first, each with its date, recipient, subject and links.
 * `--last N` shows the N newest (default 5), `--to` those to one address; `--link` prints instead
 * the link that opens /dev/outbox in a browser on this machine (with the outbox key, ADR 0011).
 * Exit codes: 0 done, 1 failure (configuration, no key yet), 2 wrong usage.
 */

export const USAGE = 'usage: mail:outbox [--last N] [--to ADDRESS] [--link]';

const DEFAULT_LAST = 5;

interface Options {
  last: number;
  to?: string;
  link: boolean;
}

export interface CommandIo {
  /** The environment the configuration is read from (DATA_DIR, SMTP_URL, HOST, PORT …). */
  env?: NodeJS.ProcessEnv;
  /** The folder a relative DATA_DIR is resolved from. */
  cwd?: string;
  out: (line: string) => void;
  err: (line: string) => void;
}

function parse(args: readonly string[]): Options | undefined {
  const options: Options = { last: DEFAULT_LAST, link: false };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--link') options.link = true;
    else if (arg === '--last') {
      const value = args[++i];
      if (value === undefined || !/^[1-9]\d{0,5}$/.test(value)) return undefined;
      options.last = Number(value);
    } else if (arg === '--to') {
      const value = args[++i];
      if (value === undefined || value.trim() === '' || value.startsWith('-')) return undefined;
      options.to = value.trim().toLowerCase();
    } else return undefined;
  }
  return options;
}

/** The links a mail's text carries, as the /dev/outbox page makes them clickable. */
const linksIn = (text: string) => text.match(/https?:\/\/\S+/g) ?? [];

/** The command's run, as the entry point (mail-outbox.ts) and the tests call it: its exit code. */
export async function mailOutboxMain(args: readonly string[], io: CommandIo): Promise<number> {
  const options = parse(args);
  if (options === undefined) {
    io.err(USAGE);
    return 2;
  }
  try {
    const config = loadConfig(io.env ?? process.env, io.cwd ?? process.cwd());
    if (options.link) {
      const key = readOutboxKey(config.dataDir);
      if (key === undefined) {
        io.err(
          `no outbox key in ${config.dataDir} yet: the server makes it at its first start without SMTP_URL`,
        );
        return 1;
      }
      io.out(outboxLink(config.host, config.port, key));
      return 0;
    }
    if (config.smtpUrl !== '')
      io.err('SMTP_URL is set: mail goes to that relay; the outbox holds only mail written without it.');
    const outbox = path.join(config.dataDir, 'outbox');
    const all = await readOutbox(config.dataDir);
    const matching =
      options.to === undefined ? all : all.filter((mail) => mail.to.toLowerCase() === options.to);
    const shown = matching.slice(0, options.last);
    if (shown.length === 0) {
      io.out(`no mail${options.to === undefined ? '' : ` to ${options.to}`} in ${outbox}`);
      return 0;
    }
    for (const mail of shown) {
      io.out(`${mail.date}  to ${mail.to}`);
      io.out(`  ${mail.subject}`);
      for (const link of linksIn(mail.text)) io.out(`  ${link}`);
      io.out(`  ${path.join(outbox, `${mail.id}.eml`)}`);
      io.out('');
    }
    io.out(
      `${shown.length} of ${matching.length} mail${matching.length === 1 ? '' : 's'}${options.to === undefined ? '' : ` to ${options.to}`} in ${outbox}, newest first`,
    );
    return 0;
  } catch (error) {
    io.err(
      error instanceof ConfigError || error instanceof OutboxKeyError
        ? error.message
        : error instanceof Error
          ? (error.stack ?? error.message)
          : String(error),
    );
    return 1;
  }
}
