import { homedir } from 'node:os';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import {
  CONFIG_TABLE_FILES,
  ENV_EXAMPLE_FILE,
  renderConfigTable,
  renderEnvExample,
  withConfigTable,
} from '../src/config-docs.js';
import { ConfigError, DEFAULT_WEB_DIST_DIR, loadConfig, VARIABLES } from '../src/config.js';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const problemsOf = (env: Record<string, string>): string[] => {
  try {
    loadConfig(env, '/srv/antenne');
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
};

/** What a PostgreSQL (production) deployment must also set. */
const PRODUCTION_ACCOUNTS = { SMTP_URL: 'smtp://mail.example.com:587', AUTH_SECRET: 'x'.repeat(32) };

describe('configuration from the environment', () => {
  test('a PostgreSQL deployment needs SMTP_URL and AUTH_SECRET; the embedded mode needs neither', () => {
    expect(problemsOf({ DATABASE_URL: 'postgres://u@h/db' })).toEqual([
      'SMTP_URL is required with DATABASE_URL (a production deployment sends real mail)',
      'AUTH_SECRET is required with DATABASE_URL (every server of the deployment must share it)',
    ]);
    expect(problemsOf({ DATABASE_URL: 'postgres://u@h/db', ...PRODUCTION_ACCOUNTS })).toEqual([]);
    expect(problemsOf({})).toEqual([]);
  });

  test('mail and sign-in providers: bad or half-set values are named', () => {
    expect(
      problemsOf({
        SMTP_URL: 'http://mail',
        AUTH_SECRET: 'short',
        GOOGLE_CLIENT_ID: 'id',
        OIDC_ISSUER_URL: 'https://id.example.com',
      }),
    ).toEqual([
      'SMTP_URL="http://mail": expected empty or an smtp:// or smtps:// URL',
      'AUTH_SECRET: expected at least 32 characters',
      'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET go together: set both or neither',
      'OIDC_ISSUER_URL, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET go together: set all three or none',
    ]);
    const config = loadConfig({
      SMTP_URL: 'smtps://user:pw@mail.example.com:465',
      FACEBOOK_CLIENT_ID: 'fb',
      FACEBOOK_CLIENT_SECRET: 'fb-secret',
      OIDC_ISSUER_URL: 'https://id.example.com/realms/tv/',
      OIDC_CLIENT_ID: 'antenne',
      OIDC_CLIENT_SECRET: 's3cret',
    });
    expect(config.social).toEqual({ facebook: { clientId: 'fb', clientSecret: 'fb-secret' } });
    expect(config.oidc).toEqual({
      issuerUrl: 'https://id.example.com/realms/tv',
      clientId: 'antenne',
      clientSecret: 's3cret',
      name: 'OpenID Connect',
    });
    expect(problemsOf({ SMTP_URL: 'smtp://user:hunter2@x' })).toEqual([]);
    expect(problemsOf({ SMTP_URL: 'ftp://user:hunter2@x' }).join()).not.toContain('hunter2');
  });

  test('display ads: the provider, network code and the two site names, bad values named', () => {
    expect(
      loadConfig({ ADS_PROVIDER: 'GPT', ADS_NETWORK_CODE: '21700000', ADS_SITE_NAMES: 'site.fr,site.com' })
        .ads,
    ).toEqual({ provider: 'gpt', networkCode: '21700000', siteNames: ['site.fr', 'site.com'] });
    expect(problemsOf({ ADS_PROVIDER: 'adsense', ADS_NETWORK_CODE: 'a/b', ADS_SITE_NAMES: 'one' })).toEqual([
      'ADS_PROVIDER="adsense": expected house, gpt',
      'ADS_NETWORK_CODE="a/b": expected 1-64 letters, digits, _ or -',
      'ADS_SITE_NAMES="one": expected two names of letters, digits, _ . or -, separated by a comma',
    ]);
  });

  test("the pay-TV provider's products: a comma list, bad values named", () => {
    expect(loadConfig({ TV_PROVIDER_PRODUCTS: 'abonnement,option-sport' }).tvProvider.products).toEqual([
      'abonnement',
      'option-sport',
    ]);
    expect(problemsOf({ TV_PROVIDER_PRODUCTS: 'a b,' })).toEqual([
      'TV_PROVIDER_PRODUCTS="a b,": expected product ids of letters, digits, _ . : or -, separated by commas',
    ]);
  });

  test('an empty environment gives the documented defaults', () => {
    expect(loadConfig({}, '/srv/antenne')).toEqual({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/srv/antenne/data',
      databaseUrl: '',
      customer: 'antenne',
      businessUnit: 'monde',
      publicUrl: 'http://localhost:8080',
      logLevel: 'info',
      trustProxy: false,
      nodeEnv: 'production',
      webDistDir: DEFAULT_WEB_DIST_DIR,
      pageRenderThreads: 1,
      demoContent: true,
      cacheDir: path.join(homedir(), '.cache/antenne'),
      smtpUrl: '',
      mailFrom: 'Antenne <no-reply@localhost>',
      authSecret: '',
      authSignInLimit: 5,
      social: {},
      oidc: null,
      crashes: { rateLimitPerMinute: 10, retentionDays: 395, sentryDsn: '' },
      ads: { provider: 'house', networkCode: 'antenne', siteNames: ['antenne-web-a', 'antenne-web-b'] },
      analyticsRetentionDays: 395,
      analyticsRateLimit: 60,
      tvProvider: {
        testDistributor: true,
        requestorId: 'antenne',
        resource: 'antenne-monde-us',
        products: ['abonnement'],
      },
    });
  });

  test('the web app is found next to the server package, whatever the working folder', () => {
    expect(DEFAULT_WEB_DIST_DIR).toBe(path.join(ROOT, 'apps/web/dist'));
  });

  test('PORT=abc stops the boot with a message naming PORT', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
    expect(problemsOf({ PORT: 'abc' })).toEqual(['PORT="abc": expected an integer from 0 to 65535']);
  });

  test('every bad value is reported at once, each naming its variable', () => {
    const problems = problemsOf({
      PORT: '70000',
      DATABASE_URL: 'mysql://root:hunter2@db/antenne',
      LOG_LEVEL: 'loud',
      TRUST_PROXY: 'maybe',
      PUBLIC_URL: 'ftp://x',
      NODE_ENV: 'staging',
      CUSTOMER: 'a b',
    });
    const named = problems.map((p) => p.split('=')[0]);
    expect(named).toEqual([
      'PORT',
      'DATABASE_URL',
      'CUSTOMER',
      'PUBLIC_URL',
      'LOG_LEVEL',
      'TRUST_PROXY',
      'NODE_ENV',
    ]);
    expect(problems.join('\n')).not.toContain('hunter2');
  });

  test.each([
    ['false', false],
    ['2', 2],
    ['10.0.0.1', ['10.0.0.1']],
    ['10.0.0.0/8, 172.16.0.0/12,::1', ['10.0.0.0/8', '172.16.0.0/12', '::1']],
    ['loopback,uniquelocal', ['loopback', 'uniquelocal']],
  ])('TRUST_PROXY=%s', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  test.each(['10.0.0.0/33', 'proxy.local', '1.2.3'])('TRUST_PROXY=%s is rejected', (value) => {
    expect(problemsOf({ TRUST_PROXY: value })[0]).toMatch(/^TRUST_PROXY=/);
  });

  test.each(['true', 'TRUE'])(
    'TRUST_PROXY=%s (every hop: a client would choose its address) stops the boot, saying what to set instead',
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
      const [problem, ...others] = problemsOf({ TRUST_PROXY: value });
      expect(others).toEqual([]);
      expect(problem).toMatch(/^TRUST_PROXY="true"|^TRUST_PROXY="TRUE"/);
      expect(problem).toContain('X-Forwarded-For');
      expect(problem).toContain('the number of proxies in front (e.g. 1)');
      expect(problem).toContain('their addresses/CIDRs (e.g. 127.0.0.1 or 10.0.0.0/8)');
    },
  );

  test('postgres URLs select PostgreSQL; blank values take the default', () => {
    expect(loadConfig({ DATABASE_URL: 'postgresql://u@h/db', ...PRODUCTION_ACCOUNTS }).databaseUrl).toBe(
      'postgresql://u@h/db',
    );
    expect(loadConfig({ PORT: ' ', DATABASE_URL: '' })).toMatchObject({ port: 8080, databaseUrl: '' });
    expect(loadConfig({ PUBLIC_URL: 'https://tv.example.com/' }).publicUrl).toBe('https://tv.example.com');
  });

  test('.env.example and docs/configuration.md list every variable with its default', () => {
    const example = readFileSync(path.join(ROOT, '.env.example'), 'utf8');
    const docs = readFileSync(path.join(ROOT, 'docs/configuration.md'), 'utf8');
    for (const variable of VARIABLES) {
      expect(example).toMatch(new RegExp(`^#? ?${variable.name}=${escape(variable.default)}$`, 'm'));
      expect(docs).toContain(`| \`${variable.name}\` |`);
    }
  });
});

describe('the configuration documents are written from the schema', () => {
  test('.env.example is what `npm run config:docs` writes from the schema', () => {
    const example = readFileSync(path.join(ROOT, ENV_EXAMPLE_FILE), 'utf8');
    expect(example, 'out of date: run npm run config:docs').toBe(renderEnvExample());
  });

  test.each(CONFIG_TABLE_FILES)('the configuration table of %s is the schema’s', (file) => {
    const document = readFileSync(path.join(ROOT, file), 'utf8');
    expect(document, 'out of date: run npm run config:docs').toBe(withConfigTable(document));
    expect(document).toContain(renderConfigTable());
  });

  test('a variable added to the schema without its documents fails the check', () => {
    const table = renderConfigTable();
    const stale = table.replace(/\n\| `OIDC_NAME` .*\|/, '');
    expect(stale).not.toBe(table);
    expect(withConfigTable(`# Doc\n\n${stale}\n`)).toBe(`# Doc\n\n${table}\n`);
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}
