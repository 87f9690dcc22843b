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
/**
 * Which proxies' X-Forwarded-For to honour: none, a hop count, or a list of addresses/CIDRs (and
 * proxy-addr's names loopback, linklocal, uniquelocal). Never "every hop": a client would then
 * choose its own address (ADR 0011).
 */
export type TrustProxy = false | number | string[];

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
  /** smtp:// or smtps:// URL of the mail relay; empty: mail goes to DATA_DIR/outbox (embedded mode only). */
  smtpUrl: string;
  /** The From of every mail. */
  mailFrom: string;
  /** Signs identity cookies and encrypts the JWT keys; empty: generated once into DATA_DIR (embedded mode only). */
  authSecret: string;
  /** Sign-in and sign-up attempts per client address and minute (past them: TOO_MANY_ATTEMPTS_TRY_LATER). */
  authSignInLimit: number;
  /** Social sign-in providers with both a client id and a secret (the others are hidden). */
  social: Partial<Record<SocialProvider, { clientId: string; clientSecret: string }>>;
  /** The generic OpenID Connect provider, when OIDC_ISSUER_URL, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are set. */
  oidc: { issuerUrl: string; clientId: string; clientSecret: string; name: string } | null;
}

export const SOCIAL_PROVIDERS = ['google', 'facebook', 'twitter'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

/** PostgreSQL means a production deployment: SMTP_URL and AUTH_SECRET are then required. */
export const isProductionDeployment = (config: Pick<Config, 'databaseUrl'>) => config.databaseUrl !== '';

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
  {
    name: 'PUBLIC_URL',
    default: 'http://localhost:8080',
    description:
      'URL visitors use (sign-in, mail links, ID tokens); https turns on Strict-Transport-Security. Without DATABASE_URL, visitors reaching the server directly at one of its own addresses are trusted too.',
  },
  { name: 'LOG_LEVEL', default: 'info', description: 'fatal, error, warn, info, debug, trace or silent.' },
  {
    name: 'TRUST_PROXY',
    default: 'false',
    description:
      'Honour X-Forwarded-For from the proxies in front: false, their number (a hop count), or a comma list of their addresses/CIDRs (true is refused).',
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
  {
    name: 'SMTP_URL',
    default: '',
    description:
      'smtp:// or smtps:// URL of the mail relay (user:password@host:port). Empty: mail is written to DATA_DIR/outbox and listed at /dev/outbox; required with DATABASE_URL.',
  },
  { name: 'MAIL_FROM', default: 'Antenne <no-reply@localhost>', description: 'Sender of verification and password-reset mail.' },
  {
    name: 'AUTH_SECRET',
    default: '',
    description:
      'At least 32 characters; signs identity cookies and encrypts the ID-token keys. Empty: generated once into DATA_DIR/auth-secret; required with DATABASE_URL (every node shares it).',
  },
  {
    name: 'AUTH_SIGN_IN_LIMIT',
    default: '5',
    description: 'Sign-in and sign-up attempts allowed per client address and minute; past them the answer is TOO_MANY_ATTEMPTS_TRY_LATER.',
  },
  { name: 'GOOGLE_CLIENT_ID', default: '', description: 'Google sign-in: OAuth client id (with GOOGLE_CLIENT_SECRET; unset hides the button).' },
  { name: 'GOOGLE_CLIENT_SECRET', default: '', description: 'Google sign-in: OAuth client secret.' },
  { name: 'FACEBOOK_CLIENT_ID', default: '', description: 'Facebook sign-in: app id (with FACEBOOK_CLIENT_SECRET; unset hides the button).' },
  { name: 'FACEBOOK_CLIENT_SECRET', default: '', description: 'Facebook sign-in: app secret.' },
  { name: 'TWITTER_CLIENT_ID', default: '', description: 'X (Twitter) sign-in: OAuth 2 client id (with TWITTER_CLIENT_SECRET; unset hides the button).' },
  { name: 'TWITTER_CLIENT_SECRET', default: '', description: 'X (Twitter) sign-in: OAuth 2 client secret.' },
  {
    name: 'OIDC_ISSUER_URL',
    default: '',
    description: 'A generic OpenID Connect provider: its issuer URL (discovery at /.well-known/openid-configuration).',
  },
  { name: 'OIDC_CLIENT_ID', default: '', description: 'Client id at the OpenID Connect provider.' },
  { name: 'OIDC_CLIENT_SECRET', default: '', description: 'Client secret at the OpenID Connect provider.' },
  { name: 'OIDC_NAME', default: 'OpenID Connect', description: 'Name of the OpenID Connect provider on the sign-in button.' },
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

  // A valid PostgreSQL URL means a production deployment: real mail and a shared secret required.
  const production = /^postgres(ql)?:\/\/.+/.test(databaseUrl);
  const smtpUrl = read('SMTP_URL', '');
  if (smtpUrl !== '' && !/^smtps?:\/\/[^/]+/.test(smtpUrl)) fail('SMTP_URL', redactUrl(smtpUrl), 'empty or an smtp:// or smtps:// URL', '');
  if (smtpUrl === '' && production) {
    problems.push('SMTP_URL is required with DATABASE_URL (a production deployment sends real mail)');
  }
  const mailFrom = read('MAIL_FROM', 'Antenne <no-reply@localhost>');

  const authSecret = read('AUTH_SECRET', '');
  if (authSecret !== '' && authSecret.length < 32) problems.push('AUTH_SECRET: expected at least 32 characters');
  if (authSecret === '' && production) {
    problems.push('AUTH_SECRET is required with DATABASE_URL (every server of the deployment must share it)');
  }

  const limitText = read('AUTH_SIGN_IN_LIMIT', '5');
  const authSignInLimit =
    /^\d{1,4}$/.test(limitText) && Number(limitText) >= 1 ? Number(limitText) : fail('AUTH_SIGN_IN_LIMIT', limitText, 'an integer from 1 to 9999', 5);

  const social: Config['social'] = {};
  for (const provider of SOCIAL_PROVIDERS) {
    const prefix = provider.toUpperCase();
    const clientId = read(`${prefix}_CLIENT_ID`, '');
    const clientSecret = read(`${prefix}_CLIENT_SECRET`, '');
    if ((clientId === '') !== (clientSecret === '')) problems.push(`${prefix}_CLIENT_ID and ${prefix}_CLIENT_SECRET go together: set both or neither`);
    else if (clientId !== '') social[provider] = { clientId, clientSecret };
  }

  const oidcIssuer = read('OIDC_ISSUER_URL', '');
  const oidcClientId = read('OIDC_CLIENT_ID', '');
  const oidcClientSecret = read('OIDC_CLIENT_SECRET', '');
  let oidc: Config['oidc'] = null;
  if (oidcIssuer !== '' || oidcClientId !== '' || oidcClientSecret !== '') {
    if (oidcIssuer === '' || oidcClientId === '' || oidcClientSecret === '') {
      problems.push('OIDC_ISSUER_URL, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET go together: set all three or none');
    } else if (!/^https?:\/\/.+/.test(oidcIssuer)) {
      fail('OIDC_ISSUER_URL', oidcIssuer, 'an http:// or https:// URL', '');
    } else {
      oidc = { issuerUrl: oidcIssuer.replace(/\/+$/, ''), clientId: oidcClientId, clientSecret: oidcClientSecret, name: read('OIDC_NAME', 'OpenID Connect') };
    }
  }

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
    smtpUrl,
    mailFrom,
    authSecret,
    authSignInLimit,
    social,
    oidc,
  };
}

function parseTrustProxy(text: string, fail: (value: string, expected: string) => TrustProxy): TrustProxy {
  const lower = text.toLowerCase();
  if (lower === 'false') return false;
  if (lower === 'true') {
    // Trusting every hop takes the first X-Forwarded-For entry, which the client writes: it could
    // choose its address, hence its country and a fresh sign-in rate limit at every attempt.
    return fail(
      text,
      'not true (trusting every hop lets a client choose its address with X-Forwarded-For): set the number of proxies in front (e.g. 1) or their addresses/CIDRs (e.g. 127.0.0.1 or 10.0.0.0/8), or false',
    );
  }
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text.split(',').map((entry) => entry.trim()).filter((entry) => entry !== '');
  const valid = entries.length > 0 && entries.every((entry) => isProxyEntry(entry));
  return valid ? entries : fail(text, 'false, a hop count, or a comma list of IP addresses/CIDRs');
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
