import { isIP } from 'node:net';
import { homedir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Every environment variable the server reads, typed, with its embedded default.
 * `loadConfig()` validates them all at boot; a bad value stops the boot with a message naming
 * the variable and what it expects. Nothing else in the server reads `process.env`.
 */

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
export type NodeEnv = 'development' | 'production' | 'test';
/** What Fastify's `trustProxy` accepts: off, on, a hop count, or a list of addresses/CIDRs. */
export type TrustProxy = boolean | number | string[];

export interface Config {
  port: number;
  host: string;
  /** Absolute path of the data folder (SQLite file, later caches and uploads). */
  dataDir: string;
  /** Empty: SQLite file under dataDir. Otherwise a postgres:// URL. */
  databaseUrl: string;
  customer: string;
  businessUnit: string;
  /** The URL visitors use, without a trailing slash. */
  publicUrl: string;
  logLevel: LogLevel;
  trustProxy: TrustProxy;
  nodeEnv: NodeEnv;
  /** Absolute path of the built web app (index.html + assets/). */
  webDistDir: string;
  /** Load the demo broadcaster's catalogue into an empty catalogue at start. */
  demoContent: boolean;
  /** Absolute path of the machine-wide cache of generated demo media and images (outside dataDir). */
  cacheDir: string;
}

/** The built web app, relative to this package (src/ or dist/ are both one level down), not the cwd. */
export const DEFAULT_WEB_DIST_DIR = fileURLToPath(new URL('../../web/dist', import.meta.url));

export interface VariableDoc {
  name: string;
  default: string;
  description: string;
}

/** The documented list: `.env.example` and docs/configuration.md follow it (a test checks). */
export const VARIABLES: readonly VariableDoc[] = [
  { name: 'PORT', default: '8080', description: 'TCP port the server listens on (0 picks a free port).' },
  { name: 'HOST', default: '0.0.0.0', description: 'Interface to bind; 127.0.0.1 keeps it local to the machine.' },
  { name: 'DATA_DIR', default: './data', description: 'Folder for the SQLite file and other local data; created if missing.' },
  {
    name: 'DATABASE_URL',
    default: '',
    description: 'Empty: SQLite file DATA_DIR/antenne.sqlite. postgres:// or postgresql:// URL: PostgreSQL.',
  },
  { name: 'CUSTOMER', default: 'antenne', description: 'Exposure customer name every API path carries.' },
  { name: 'BUSINESS_UNIT', default: 'monde', description: 'Exposure business unit every API path carries.' },
  { name: 'PUBLIC_URL', default: 'http://localhost:8080', description: 'URL visitors use; https turns on Strict-Transport-Security.' },
  { name: 'LOG_LEVEL', default: 'info', description: 'fatal, error, warn, info, debug, trace or silent.' },
  {
    name: 'TRUST_PROXY',
    default: 'false',
    description: 'Honour X-Forwarded-For: false, true, a hop count, or a comma list of proxy addresses/CIDRs.',
  },
  { name: 'NODE_ENV', default: 'production', description: 'production, development (human-readable logs) or test.' },
  {
    name: 'WEB_DIST_DIR',
    default: '',
    description: 'Built web app to serve. Empty: apps/web/dist, found from the server package whatever the working folder.',
  },
  {
    name: 'DEMO_CONTENT',
    default: 'true',
    description: 'true: an empty catalogue gets the demo broadcaster Antenne Monde at start; false: start empty (import your own).',
  },
  {
    name: 'CACHE_DIR',
    default: '~/.cache/antenne',
    description:
      'Machine-wide cache of the generated demo media and images, shared by every DATA_DIR on the machine (built once, ~3 min). ~ is the home folder.',
  },
];

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const NODE_ENVS: readonly NodeEnv[] = ['development', 'production', 'test'];
const NAME = /^[A-Za-z0-9_-]{1,64}$/;
/** Names proxy-addr understands besides addresses and CIDRs. */
const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): Config {
  const problems: string[] = [];
  /** An unset or blank variable takes its default. */
  const read = (name: string, fallback: string): string => {
    const value = env[name]?.trim();
    return value === undefined || value === '' ? fallback : value;
  };
  const fail = <T>(name: string, value: string, expected: string, fallback: T): T => {
    problems.push(`${name}=${JSON.stringify(value)}: expected ${expected}`);
    return fallback;
  };

  const portText = read('PORT', '8080');
  const port = /^\d{1,5}$/.test(portText) && Number(portText) <= 65535
    ? Number(portText)
    : fail('PORT', portText, 'an integer from 0 to 65535', 8080);

  const host = read('HOST', '0.0.0.0');

  const dataDir = path.resolve(cwd, read('DATA_DIR', './data'));

  const databaseUrl = read('DATABASE_URL', '');
  if (databaseUrl !== '' && !/^postgres(ql)?:\/\/.+/.test(databaseUrl)) {
    fail('DATABASE_URL', redactUrl(databaseUrl), 'empty (SQLite under DATA_DIR) or a postgres:// or postgresql:// URL', '');
  }

  const customer = read('CUSTOMER', 'antenne');
  if (!NAME.test(customer)) fail('CUSTOMER', customer, '1-64 letters, digits, _ or -', '');
  const businessUnit = read('BUSINESS_UNIT', 'monde');
  if (!NAME.test(businessUnit)) fail('BUSINESS_UNIT', businessUnit, '1-64 letters, digits, _ or -', '');

  let publicUrl = read('PUBLIC_URL', 'http://localhost:8080');
  try {
    const url = new URL(publicUrl);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('protocol');
    publicUrl = publicUrl.replace(/\/+$/, '');
  } catch {
    fail('PUBLIC_URL', publicUrl, 'an absolute http:// or https:// URL', '');
  }

  const logLevelText = read('LOG_LEVEL', 'info').toLowerCase();
  const logLevel = (LOG_LEVELS as readonly string[]).includes(logLevelText)
    ? (logLevelText as LogLevel)
    : fail('LOG_LEVEL', logLevelText, LOG_LEVELS.join(', '), 'info' as LogLevel);

  const trustProxy = parseTrustProxy(read('TRUST_PROXY', 'false'), (value, expected) =>
    fail('TRUST_PROXY', value, expected, false),
  );

  const nodeEnvText = read('NODE_ENV', 'production');
  const nodeEnv = (NODE_ENVS as readonly string[]).includes(nodeEnvText)
    ? (nodeEnvText as NodeEnv)
    : fail('NODE_ENV', nodeEnvText, NODE_ENVS.join(', '), 'production' as NodeEnv);

  const webDistText = env.WEB_DIST_DIR?.trim();
  const webDistDir = webDistText ? path.resolve(cwd, webDistText) : DEFAULT_WEB_DIST_DIR;

  const demoText = read('DEMO_CONTENT', 'true').toLowerCase();
  const demoContent =
    demoText === 'true' || demoText === 'false' ? demoText === 'true' : fail('DEMO_CONTENT', demoText, 'true or false', true);

  const cacheText = read('CACHE_DIR', '~/.cache/antenne');
  const cacheDir = path.resolve(cwd, cacheText === '~' || cacheText.startsWith('~/') ? path.join(homedir(), cacheText.slice(1)) : cacheText);

  if (problems.length > 0) throw new ConfigError(problems);
  return {
    port,
    host,
    dataDir,
    databaseUrl,
    customer,
    businessUnit,
    publicUrl,
    logLevel,
    trustProxy,
    nodeEnv,
    webDistDir,
    demoContent,
    cacheDir,
  };
}

function parseTrustProxy(text: string, fail: (value: string, expected: string) => TrustProxy): TrustProxy {
  const lower = text.toLowerCase();
  if (lower === 'false') return false;
  if (lower === 'true') return true;
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text.split(',').map((entry) => entry.trim()).filter((entry) => entry !== '');
  const valid = entries.length > 0 && entries.every((entry) => isProxyEntry(entry));
  return valid ? entries : fail(text, 'false, true, a hop count, or a comma list of IP addresses/CIDRs');
}

function isProxyEntry(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  if (rest.length > 0) return false;
  const version = isIP(address);
  if (version === 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

/** Never print a password of a database URL. */
export function redactUrl(url: string): string {
  return url.replace(/\/\/([^:/@]+):([^@]*)@/, '//$1:***@');
}
