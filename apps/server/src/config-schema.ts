import { Type, type TSchema } from 'typebox';
import Format from 'typebox/format';

/**
 * Every environment variable the server reads, written once: its name (the key), type, default,
 * constraints and description. config.ts parses and validates the environment from it;
 * `npm run config:docs` writes `.env.example` and the configuration tables of README.md and
 * docs/configuration.md from it (config-docs.ts), and a test fails when they drift (ADR 0018).
 *
 * Besides JSON Schema's keywords, each variable may carry:
 * - `x-expected`: what a bad value's message says is expected (`PORT="abc": expected …`);
 * - `x-secret`: `url` prints the value with its password hidden, `hide` does not print it;
 * - `x-lowercase`: the value is compared in lower case (`LOG_LEVEL=INFO`);
 * - `x-section`: a heading before this variable in `.env.example`.
 * Descriptions are Markdown (the README's table); `.env.example` drops the backticks.
 */

/** An absolute http:// or https:// URL (what `new URL` reads). */
Format.Set('http-url', (value) => {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
});

const NAME = { pattern: '^[A-Za-z0-9_-]{1,64}$', 'x-expected': '1-64 letters, digits, _ or -' };
const text = (fallback: string, description: string, options: Record<string, unknown> = {}) =>
  Type.String({ default: fallback, description, ...options });
const oneOf = <const T extends string[]>(
  values: T,
  fallback: T[number],
  description: string,
  lowercase = true,
) =>
  Type.Union(
    values.map((value) => Type.Literal(value)),
    { default: fallback, description, 'x-expected': values.join(', '), 'x-lowercase': lowercase },
  );

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export const NODE_ENVS = ['development', 'production', 'test'] as const;
export const SOCIAL_PROVIDERS = ['google', 'facebook', 'twitter'] as const;

export const ConfigSchema = Type.Object({
  PORT: Type.Integer({
    minimum: 0,
    maximum: 65535,
    default: 8080,
    description: 'TCP port the server listens on (0 picks a free port).',
    'x-expected': 'an integer from 0 to 65535',
  }),
  HOST: text('0.0.0.0', 'Interface to bind; `127.0.0.1` keeps it local to the machine.'),
  DATA_DIR: text(
    './data',
    'Folder for the SQLite file and other local data; created if missing. Relative to the working folder.',
  ),
  DATABASE_URL: text(
    '',
    'Empty: SQLite file `DATA_DIR/antenne.sqlite`. A `postgres://` or `postgresql://` URL: PostgreSQL.',
    {
      pattern: '^(|postgres(ql)?://.+)$',
      'x-expected': 'empty (SQLite under DATA_DIR) or a postgres:// or postgresql:// URL',
      'x-secret': 'url',
    },
  ),
  CUSTOMER: text(
    'antenne',
    'Exposure customer name every API path carries (`/v2/whitelabel/customer/{CUSTOMER}/...`).',
    NAME,
  ),
  BUSINESS_UNIT: text(
    'monde',
    'Exposure business unit every API path carries. Paths naming another customer or unit answer 404 `UNKNOWN_BUSINESS_UNIT`.',
    NAME,
  ),
  PUBLIC_URL: text(
    'http://localhost:8080',
    'URL visitors use: sign-in accepts pages from it, mails link to it, ID tokens name it; an `https://` URL turns on `Strict-Transport-Security`. Without `DATABASE_URL`, a visitor who reaches the server directly at one of its own addresses (`http://127.0.0.1:8080`, its LAN IP, another port) is trusted too and mails link back there; at a name, or through a proxy, set it to the address visitors use (the sign-in page and the log say so).',
    { format: 'http-url', 'x-expected': 'an absolute http:// or https:// URL' },
  ),
  LOG_LEVEL: oneOf(
    [...LOG_LEVELS],
    'info',
    '`fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`. Logs are JSON lines (pino) on stdout.',
  ),
  TRUST_PROXY: text(
    'false',
    'Honour `X-Forwarded-For` (client address, hence country and the sign-in rate limit) from the proxies in front: `false`, their number (a hop count, `1`), or a comma list of their addresses/CIDRs (`10.0.0.0/8,::1`; the names `loopback`, `linklocal`, `uniquelocal` too). `true` (every hop) is refused at start: a client could then choose its own address. Leave `false` unless a proxy you control sits in front.',
  ),
  NODE_ENV: oneOf(
    [...NODE_ENVS],
    'production',
    '`production`, `development` (human-readable logs via pino-pretty) or `test`.',
    false,
  ),
  WEB_DIST_DIR: text(
    '',
    'Built web app to serve. Empty: `apps/web/dist`, found from the server package whatever the working folder. Without an `index.html` there, pages answer 503 "web app not built" and the API still works.',
  ),
  PAGE_RENDER_THREADS: Type.Integer({
    minimum: 0,
    maximum: 64,
    default: 1,
    description:
      'Threads that render the public pages, beside the one that answers requests, so that a slow render never holds the API up; `0`: the request thread renders them (one thread in all).',
    'x-expected': 'an integer from 0 to 64',
  }),
  DEMO_CONTENT: Type.Boolean({
    default: true,
    description:
      '`true`: an empty catalogue receives the demo broadcaster Antenne Monde at start (packages/content); `false`: start empty and import your own (`npm run catalog:import`). A catalogue with any asset is never touched.',
    'x-expected': 'true or false',
    'x-lowercase': true,
  }),
  CACHE_DIR: text(
    '~/.cache/antenne',
    'Machine-wide cache of the generated demo media (6 programmes, trailers, bumpers, ads: ~3 min of encoding once) and demo images, shared by every `DATA_DIR` on the machine, so a fresh `DATA_DIR` — a test run, a new install — starts at once. `~` is the home folder. Deleting it is always safe (rebuilt at the next start).',
  ),
  SMTP_URL: text(
    '',
    '`smtp://` or `smtps://` URL of the mail relay (`user:password@host:port`). Empty: mail is written to `DATA_DIR/outbox`, printed by `npm run mail:outbox` and listed at `/dev/outbox` (on this machine, with the outbox key of `DATA_DIR/outbox-key` the log prints at start); required with `DATABASE_URL`.',
    {
      pattern: '^(|smtps?://[^/]+.*)$',
      'x-expected': 'empty or an smtp:// or smtps:// URL',
      'x-secret': 'url',
      'x-section': 'Accounts: mail, identity, sign-in providers',
    },
  ),
  MAIL_FROM: text('Antenne <no-reply@localhost>', 'Sender of verification and password-reset mail.'),
  AUTH_SECRET: text(
    '',
    'At least 32 characters; signs identity cookies and encrypts the ID-token keys. Empty: generated once into `DATA_DIR/auth-secret`; required with `DATABASE_URL` (every server shares it).',
    { pattern: '^(|[\\s\\S]{32,})$', 'x-expected': 'at least 32 characters', 'x-secret': 'hide' },
  ),
  AUTH_SIGN_IN_LIMIT: Type.Integer({
    minimum: 1,
    maximum: 9999,
    default: 5,
    description:
      'Sign-in and sign-up attempts allowed per client address and minute; past them the answer is `TOO_MANY_ATTEMPTS_TRY_LATER`.',
    'x-expected': 'an integer from 1 to 9999',
  }),
  GOOGLE_CLIENT_ID: text(
    '',
    'Google sign-in OAuth client id (with `GOOGLE_CLIENT_SECRET`; unset hides the button).',
  ),
  GOOGLE_CLIENT_SECRET: text('', 'Google sign-in OAuth client secret.'),
  FACEBOOK_CLIENT_ID: text(
    '',
    'Facebook sign-in app id (with `FACEBOOK_CLIENT_SECRET`; unset hides the button).',
  ),
  FACEBOOK_CLIENT_SECRET: text('', 'Facebook sign-in app secret.'),
  TWITTER_CLIENT_ID: text(
    '',
    'X (Twitter) sign-in OAuth 2 client id (with `TWITTER_CLIENT_SECRET`; unset hides the button).',
  ),
  TWITTER_CLIENT_SECRET: text('', 'X (Twitter) sign-in OAuth 2 client secret.'),
  OIDC_ISSUER_URL: text(
    '',
    'A generic OpenID Connect provider: its issuer URL (discovery at `/.well-known/openid-configuration`).',
    { pattern: '^(|https?://.+)$', 'x-expected': 'an http:// or https:// URL' },
  ),
  OIDC_CLIENT_ID: text('', 'Client id at the OpenID Connect provider.'),
  OIDC_CLIENT_SECRET: text('', 'Client secret at the OpenID Connect provider.'),
  OIDC_NAME: text('OpenID Connect', 'Name of the OpenID Connect provider on the sign-in button.'),
  CRASH_RATE_LIMIT: Type.Integer({
    minimum: 1,
    maximum: 9999,
    default: 10,
    description:
      'Crash reports accepted per client address and minute; past them the answer is 429 `TOO_MANY_REQUESTS`.',
    'x-expected': 'an integer from 1 to 9999',
    'x-section': 'Crash reports',
  }),
  CRASH_RETENTION_DAYS: Type.Integer({
    minimum: 1,
    maximum: 3650,
    default: 395,
    description: 'Days the crash reports are kept (one row per day and fingerprint); older days are deleted.',
    'x-expected': 'an integer from 1 to 3650',
  }),
  SENTRY_DSN: text(
    '',
    'A Sentry DSN: the web app then sends its crash reports to Sentry (`@sentry/browser`, loaded only then) instead of this server. Empty: to this server.',
    {
      pattern: '^(|https?://[^\\s@]+@[^\\s/]+/\\S+)$',
      'x-expected': 'a Sentry DSN (https://<key>@<host>/<project>)',
    },
  ),
  ADS_PROVIDER: Type.Union([Type.Literal('house'), Type.Literal('gpt')], {
    default: 'house',
    description:
      'Display ads (modules/ads): `house` fills the slots with our own creatives; `gpt` leaves the choice to Google Publisher Tag with `ADS_NETWORK_CODE` (docs/display-ads.md).',
    'x-expected': 'house, gpt',
    'x-lowercase': true,
    'x-section': 'Display ads',
  }),
  ADS_NETWORK_CODE: text(
    'antenne',
    'The ad network code (GPT network code; the fixed publisher id of spec part 2 §9): first segment of every ad unit.',
    { pattern: '^[A-Za-z0-9_-]{1,64}$', 'x-expected': '1-64 letters, digits, _ or -' },
  ),
  ADS_SITE_NAMES: text(
    'antenne-web-a,antenne-web-b',
    'The two site names the ad unit alternates between, one page view each (spec part 2 §9), comma-separated.',
    {
      pattern: '^[A-Za-z0-9_.-]{1,64},[A-Za-z0-9_.-]{1,64}$',
      'x-expected': 'two names of letters, digits, _ . or -, separated by a comma',
    },
  ),
  ANALYTICS_RETENTION_DAYS: Type.Integer({
    minimum: 1,
    maximum: 3650,
    default: 395,
    description:
      'Days of audience events and display-ad tracking events kept (UTC days, today included); older days are deleted whole (audience events at start and once a day, ad events at most hourly as they come).',
    'x-expected': 'an integer from 1 to 3650',
    'x-section': 'Audience analytics',
  }),
  ANALYTICS_RATE_LIMIT: Type.Integer({
    minimum: 1,
    maximum: 100000,
    default: 60,
    description:
      'Analytics event batches accepted per client address and minute (per server process); past them the answer is 429 `TOO_MANY_REQUESTS`.',
    'x-expected': 'an integer from 1 to 100000',
  }),
  TV_PROVIDER_TEST_DISTRIBUTOR: Type.Boolean({
    default: true,
    description:
      '`true`: the pay-TV test distributor `antenne-test` served by Antenne itself (its sign-in page, subscriber list managed by `npm run tv-provider:subscriber`, signing key kept in the database) is offered to US visitors; `false`: no provider (its pages answer 404). See docs/tv-provider.md.',
    'x-expected': 'true or false',
    'x-lowercase': true,
    'x-section': 'US pay-TV provider sign-in',
  }),
  TV_PROVIDER_REQUESTOR_ID: text(
    'antenne',
    "The requestor id (this broadcaster, Adobe Pass's programmer) that a media token's audience must name.",
    NAME,
  ),
  TV_PROVIDER_RESOURCE: text(
    'antenne-monde-us',
    "The resource id of the network's US service that a media token must authorize (its `resource` claim).",
    NAME,
  ),
  TV_PROVIDER_PRODUCTS: text(
    'abonnement',
    "The subscription products the network's US service stands for, comma-separated: a pay-TV provider's subscriber holds them for as long as its provider-bound session (the demo's « Abonnement Antenne Monde+ » and its four channels).",
    {
      pattern: '^[A-Za-z0-9_.:-]{1,100}(,[A-Za-z0-9_.:-]{1,100})*$',
      'x-expected': 'product ids of letters, digits, _ . : or -, separated by commas',
    },
  ),
});

export type VariableName = keyof typeof ConfigSchema.properties;

/** One variable's schema with the annotations above. */
export type VariableSchema = TSchema & {
  type?: string;
  default: string | number | boolean;
  description: string;
  'x-expected'?: string;
  'x-secret'?: 'url' | 'hide';
  'x-lowercase'?: boolean;
  'x-section'?: string;
};

/** The variables in order, each with its schema. */
export const variables = (): [VariableName, VariableSchema][] =>
  Object.entries(ConfigSchema.properties) as unknown as [VariableName, VariableSchema][];
