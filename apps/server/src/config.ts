import { isIP } from 'node:net';
import { homedir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Static } from 'typebox';
import { Compile } from 'typebox/compile';
import type { ConfigSchema, LOG_LEVELS, NODE_ENVS } from './config-schema.js';
import { SOCIAL_PROVIDERS, variables, type VariableName, type VariableSchema } from './config-schema.js';

/**
 * Every environment variable the server reads, typed, with its embedded default: each one is
 * written once, in the TypeBox schema of config-schema.ts (name, type, default, constraints,
 * description). `loadConfig()` validates them all at boot against it; a bad value stops the boot
 * with a message naming the variable and what it expects. Nothing else in the server reads
 * `process.env`.
 */

export { LOG_LEVELS, NODE_ENVS, SOCIAL_PROVIDERS } from './config-schema.js';
export type LogLevel = (typeof LOG_LEVELS)[number];
export type NodeEnv = (typeof NODE_ENVS)[number];
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
  /** Worker threads that render the public pages (0: the request thread). */
  pageRenderThreads: number;
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
  /** Crash reports (issue 17): the per-client limit a minute, the days kept, the Sentry DSN the web app reports to instead ('' none). */
  crashes: { rateLimitPerMinute: number; retentionDays: number; sentryDsn: string };
  /** Display ads (modules/ads): the provider, the network code and the two alternating site names. */
  ads: { provider: 'house' | 'gpt'; networkCode: string; siteNames: readonly [string, string] };
  /** Days of audience events kept (ANALYTICS_RETENTION_DAYS). */
  analyticsRetentionDays: number;
  /** Analytics batches per client address and minute (ANALYTICS_RATE_LIMIT). */
  analyticsRateLimit: number;
  /** The US pay-TV provider sign-in (modules/tv-provider): the test distributor on, the requestor id, the US resource. */
  tvProvider: { testDistributor: boolean; requestorId: string; resource: string; products: string[] };
}

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

/** The documented list, from the schema: `.env.example` and the configuration tables follow it (a test checks). */
export const VARIABLES: readonly VariableDoc[] = variables().map(([name, schema]) => ({
  name,
  default: String(schema.default),
  description: schema.description,
}));

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;
type Values = Static<typeof ConfigSchema>;

/** Names proxy-addr understands besides addresses and CIDRs. */
const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

const checks = new Map(variables().map(([name, schema]) => [name, Compile(schema)]));

/** A variable's text as its schema's type: integers and booleans from their spelling (else the text, which fails). */
function convert(schema: VariableSchema, text: string): unknown {
  if (schema.type === 'integer') return /^\d+$/.test(text) ? Number(text) : text;
  if (schema.type === 'boolean') return text === 'true' ? true : text === 'false' ? false : text;
  return text;
}

/** A bad value's message: the variable, its value (a URL's password hidden, a secret not at all), what is expected. */
function problemOf(
  name: string,
  schema: VariableSchema,
  text: string,
  expected = schema['x-expected'],
): string {
  const expecting = `expected ${expected ?? 'a valid value'}`;
  if (schema['x-secret'] === 'hide') return `${name}: ${expecting}`;
  const shown = schema['x-secret'] === 'url' ? redactUrl(text) : text;
  return `${name}=${JSON.stringify(shown)}: ${expecting}`;
}

/**
 * Every variable of the schema, in its order: unset or blank takes the default; a value its
 * schema refuses is reported (and the default taken, to go on checking). `refine` reads a
 * variable further (TRUST_PROXY's list), failing with what it expects.
 */
function readVariables(
  env: Env,
  problems: string[],
  refine: Partial<Record<VariableName, (text: string) => { expected: string } | undefined>>,
): Values {
  const values: Record<string, unknown> = {};
  for (const [name, schema] of variables()) {
    const raw = env[name]?.trim();
    if (raw === undefined || raw === '') {
      values[name] = schema.default;
      continue;
    }
    const text = schema['x-lowercase'] ? raw.toLowerCase() : raw;
    const value = convert(schema, text);
    const refused = checks.get(name)!.Check(value) ? refine[name]?.(text) : { expected: undefined };
    if (refused === undefined) values[name] = value;
    else {
      problems.push(problemOf(name, schema, text, refused.expected));
      values[name] = schema.default;
    }
  }
  return values as Values;
}

export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): Config {
  const problems: string[] = [];
  let trustProxy: TrustProxy = false;
  const v = readVariables(env, problems, {
    TRUST_PROXY: (text) => {
      const parsed = parseTrustProxy(text);
      if ('expected' in parsed) return parsed;
      trustProxy = parsed.value;
      return undefined;
    },
  });

  const cacheText = v.CACHE_DIR;
  const cacheDir = path.resolve(
    cwd,
    cacheText === '~' || cacheText.startsWith('~/') ? path.join(homedir(), cacheText.slice(1)) : cacheText,
  );

  // A PostgreSQL URL means a production deployment: real mail and a shared secret required.
  const production = v.DATABASE_URL !== '';
  const blank = (name: VariableName) => !env[name]?.trim();
  if (production && blank('SMTP_URL'))
    problems.push('SMTP_URL is required with DATABASE_URL (a production deployment sends real mail)');
  if (production && blank('AUTH_SECRET'))
    problems.push('AUTH_SECRET is required with DATABASE_URL (every server of the deployment must share it)');

  const social: Config['social'] = {};
  for (const provider of SOCIAL_PROVIDERS) {
    const prefix = provider.toUpperCase() as Uppercase<typeof provider>;
    const clientId = v[`${prefix}_CLIENT_ID`];
    const clientSecret = v[`${prefix}_CLIENT_SECRET`];
    if ((clientId === '') !== (clientSecret === ''))
      problems.push(`${prefix}_CLIENT_ID and ${prefix}_CLIENT_SECRET go together: set both or neither`);
    else if (clientId !== '') social[provider] = { clientId, clientSecret };
  }

  let oidc: Config['oidc'] = null;
  const oidcSet = (['OIDC_ISSUER_URL', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'] as const).map(
    (n) => !blank(n),
  );
  if (oidcSet.some(Boolean) && !oidcSet.every(Boolean)) {
    problems.push(
      'OIDC_ISSUER_URL, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET go together: set all three or none',
    );
  } else if (v.OIDC_ISSUER_URL !== '') {
    oidc = {
      issuerUrl: v.OIDC_ISSUER_URL.replace(/\/+$/, ''),
      clientId: v.OIDC_CLIENT_ID,
      clientSecret: v.OIDC_CLIENT_SECRET,
      name: v.OIDC_NAME,
    };
  }

  if (problems.length > 0) throw new ConfigError(problems);
  return {
    port: v.PORT,
    host: v.HOST,
    dataDir: path.resolve(cwd, v.DATA_DIR),
    databaseUrl: v.DATABASE_URL,
    customer: v.CUSTOMER,
    businessUnit: v.BUSINESS_UNIT,
    publicUrl: v.PUBLIC_URL.replace(/\/+$/, ''),
    logLevel: v.LOG_LEVEL,
    trustProxy,
    nodeEnv: v.NODE_ENV,
    webDistDir: v.WEB_DIST_DIR === '' ? DEFAULT_WEB_DIST_DIR : path.resolve(cwd, v.WEB_DIST_DIR),
    pageRenderThreads: v.PAGE_RENDER_THREADS,
    demoContent: v.DEMO_CONTENT,
    cacheDir,
    smtpUrl: v.SMTP_URL,
    mailFrom: v.MAIL_FROM,
    authSecret: v.AUTH_SECRET,
    authSignInLimit: v.AUTH_SIGN_IN_LIMIT,
    social,
    oidc,
    crashes: {
      rateLimitPerMinute: v.CRASH_RATE_LIMIT,
      retentionDays: v.CRASH_RETENTION_DAYS,
      sentryDsn: v.SENTRY_DSN,
    },
    ads: {
      provider: v.ADS_PROVIDER,
      networkCode: v.ADS_NETWORK_CODE,
      siteNames: v.ADS_SITE_NAMES.split(',') as [string, string],
    },
    analyticsRetentionDays: v.ANALYTICS_RETENTION_DAYS,
    analyticsRateLimit: v.ANALYTICS_RATE_LIMIT,
    tvProvider: {
      testDistributor: v.TV_PROVIDER_TEST_DISTRIBUTOR,
      requestorId: v.TV_PROVIDER_REQUESTOR_ID,
      resource: v.TV_PROVIDER_RESOURCE,
      products: v.TV_PROVIDER_PRODUCTS.split(','),
    },
  };
}

/** TRUST_PROXY's value, or what it should have been. */
function parseTrustProxy(text: string): { value: TrustProxy } | { expected: string } {
  const lower = text.toLowerCase();
  if (lower === 'false') return { value: false };
  if (lower === 'true') {
    // Trusting every hop takes the first X-Forwarded-For entry, which the client writes: it could
    // choose its address, hence its country and a fresh sign-in rate limit at every attempt.
    return {
      expected:
        'not true (trusting every hop lets a client choose its address with X-Forwarded-For): set the number of proxies in front (e.g. 1) or their addresses/CIDRs (e.g. 127.0.0.1 or 10.0.0.0/8), or false',
    };
  }
  if (/^\d+$/.test(text)) return { value: Number(text) };
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  const valid = entries.length > 0 && entries.every((entry) => isProxyEntry(entry));
  return valid
    ? { value: entries }
    : { expected: 'false, a hop count, or a comma list of IP addresses/CIDRs' };
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
