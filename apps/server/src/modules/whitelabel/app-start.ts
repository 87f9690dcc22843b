import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  DEFAULT_LOCALE,
  DEVICE_GROUPS,
  MINIMUM_AGE,
  PASSWORD_MIN_LENGTH,
  SUPPORTED_LOCALES,
  type ConfigFile,
  type Locale,
  type OriginConfig,
  type SystemConfig,
} from '@antenne/contract';
import type { Tenant } from '../../lib/business-unit.js';
import { ApiError } from '../../lib/errors.js';
import type { WhitelabelService } from './service.js';

/** What the system config says of this server, from its configuration (app.ts fills it). */
export interface AppStartSettings {
  /** PUBLIC_URL: the host a client is served at is its host (or the request's own). */
  publicUrl: string;
  /** NODE_ENV is production. */
  production: boolean;
  /** SENTRY_DSN is set: crash reports go to Sentry. */
  sentry: boolean;
  /** Where the built web app's locales are (`<WEB_DIST_DIR>/locales/<lang>.json`). */
  localesDir: string;
}

/** The stored JSON files the origin-based file call serves, by fileId (with or without `.json`). */
const CONFIG_FILES = new Set(['config_web', 'config_web.json']);

/**
 * What a stock Exposure client asks before anything else (issue 18): the business unit's system
 * config, the white-label config by the host it is served at, and the interface's strings in one
 * language. No HTTP here: the routes answer these.
 */
export class AppStartService {
  private readonly publicHost: string;
  private readonly strings = new Map<Locale, Promise<Record<string, unknown>>>();

  constructor(
    private readonly whitelabel: WhitelabelService,
    private readonly tenant: Tenant,
    private readonly settings: AppStartSettings,
  ) {
    this.publicHost = new URL(settings.publicUrl).hostname.toLowerCase();
  }

  /** ApiSystemConfig: languages, sign-up rules, features, device groups — from this server's configuration. */
  systemConfig(): SystemConfig {
    return {
      access: {
        // Browsing is open to visitors; playing needs a login (spec part 1 §7).
        accessModel: 'login',
        signupMinimumAge: MINIMUM_AGE,
        // isValidPassword: lower and upper case, a digit, a special character.
        passwordPolicy: { minimumLength: PASSWORD_MIN_LENGTH, minimumGroups: 4 },
        loginMethods: { password: true, firebase: true, anonymous: true },
        // Sign-up confirms the address by mail before the first sign-in.
        signupModel: 'confirmed',
        consentManagement: { didomi: {} },
      },
      analytics: { analyticsPercentage: 100 },
      frontendFeatures: { shouldAlwaysUseAnonymousLogin: false, searchLocales: [...SUPPORTED_LOCALES] },
      localization: {
        displayLocales: [...SUPPORTED_LOCALES],
        defaultLocale: DEFAULT_LOCALE,
        currencies: ['EUR'],
      },
      payments: {
        appstore: { enabled: false },
        googleplay: { enabled: false },
        stripe: { enabled: false },
        external: { enabled: false },
        vouchers: { enabled: false },
      },
      sentry: { enabled: this.settings.sentry },
      production: this.settings.production,
      deviceGroups: [...DEVICE_GROUPS],
    };
  }

  /**
   * The white-label config of the business unit served at `host`, with its system config: this
   * server's own, when `host` is PUBLIC_URL's host or the one the request came to; otherwise 404
   * UNKNOWN_BUSINESS_UNIT.
   */
  async originConfig(host: string, requestHost: string, configId: string): Promise<OriginConfig> {
    this.assertServedHost(host, requestHost);
    return { ...(await this.whitelabel.config(configId)), systemConfig: this.systemConfig() };
  }

  /** A stored JSON file of the business unit served at `host` (Exposure ApiConfigFile): the web config. */
  async originConfigFile(fileId: string, host: string, requestHost: string): Promise<ConfigFile> {
    this.assertServedHost(host, requestHost);
    if (!CONFIG_FILES.has(fileId)) throw new ApiError(404, 'NOT_FOUND', 'no such configuration file');
    return {
      customer: this.tenant.customer,
      businessUnit: this.tenant.businessUnit,
      fileName: 'config_web.json',
      version: 1,
      config: await this.whitelabel.webConfig(),
      systemConfig: this.systemConfig(),
    };
  }

  /**
   * The interface's strings in `language` (`fr`, `en-GB` → `en`): the web app's own locale file.
   * 404 NOT_FOUND for a language it has no strings in, or an unknown config.
   */
  async translations(language: string, configId: string): Promise<Record<string, unknown>> {
    await this.whitelabel.config(configId);
    const locale = supportedLocale(language);
    if (locale === undefined) throw new ApiError(404, 'NOT_FOUND', 'no translations in this language');
    let strings = this.strings.get(locale);
    if (strings === undefined) {
      strings = readLocale(this.settings.localesDir, locale);
      this.strings.set(locale, strings);
      // A missing file (web app not built) is asked again next time.
      strings.catch(() => this.strings.delete(locale));
    }
    return strings;
  }

  private assertServedHost(host: string, requestHost: string): void {
    const asked = hostnameOf(host);
    if (asked !== undefined && (asked === this.publicHost || asked === hostnameOf(requestHost))) return;
    throw new ApiError(404, 'UNKNOWN_BUSINESS_UNIT', 'Custom domain not found.');
  }
}

/** The hostname of `host[:port]` (or `[v6]:port`), lower case; undefined when it is not one. */
function hostnameOf(host: string): string | undefined {
  try {
    return new URL(`http://${host}`).hostname.toLowerCase();
  } catch {
    return undefined;
  }
}

function supportedLocale(language: string): Locale | undefined {
  const base = language.toLowerCase().split(/[-_]/)[0];
  return SUPPORTED_LOCALES.find((locale) => locale === base);
}

async function readLocale(dir: string, locale: Locale): Promise<Record<string, unknown>> {
  let text: string;
  try {
    text = await readFile(path.join(dir, `${locale}.json`), 'utf8');
  } catch {
    throw new ApiError(404, 'NOT_FOUND', 'the web app is not built: no translations');
  }
  return JSON.parse(text) as Record<string, unknown>;
}
