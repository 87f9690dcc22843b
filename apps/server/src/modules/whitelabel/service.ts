import type {
  Component,
  ConfigWeb,
  ContractCountries,
  HeroBannerItem,
  LocationFilters,
  WlConfig,
} from '@antenne/contract';
import type { Executor } from '../../db/transaction.js';
import type { Tenant } from '../../lib/business-unit.js';
import { deviceGroupOf } from '../../lib/device-group.js';
import { ApiError } from '../../lib/errors.js';
import { locationAnswer } from '../../lib/geo.js';
import type { VersionedCache } from '../../lib/versioned-cache.js';
import { findComponent, findWebConfig, findWlConfig, listContractCountries } from './repository.js';

/**
 * The white-label reads: web config, contract countries, location filters, the white-label
 * configs (sandwich) and their components, from the per-process cache (emptied when the
 * catalogue version changes). The routes answer them over HTTP; the web app's index.html
 * bootstrap (web-app/bootstrap.ts) reads them in-process.
 */
export class WhitelabelService {
  constructor(
    private readonly db: Executor,
    private readonly tenant: Tenant,
    private readonly cache: VersionedCache,
    /** What the server's own configuration sets in the stored web configuration (SENTRY_DSN, the pay-TV providers). */
    private readonly fromServer: Partial<Pick<ConfigWeb, 'sentryDsn' | 'provider'>> = {},
  ) {}

  /** The web client configuration, or 404 NOT_FOUND. */
  async webConfig(): Promise<ConfigWeb> {
    const config = await this.cache.get('web-config', async () => {
      const stored = await findWebConfig(this.db, this.tenant);
      return stored && { ...stored, ...this.fromServer };
    });
    if (config === undefined) throw new ApiError(404, 'NOT_FOUND', 'no web configuration');
    return config;
  }

  contractCountries(): Promise<ContractCountries> {
    return this.cache.get('contract-countries', () => listContractCountries(this.db));
  }

  /** The caller's location (from its address) and its device filter (from its User-Agent). */
  filters(ip: string | undefined, userAgent: string | undefined): LocationFilters {
    return { ...locationAnswer(ip), filters: [{ type: 'DEVICE', value: deviceGroupOf(userAgent) }] };
  }

  /** The white-label config of this tenant, or 404 NOT_FOUND. */
  async config(configId: string): Promise<WlConfig> {
    const config = await this.cache.get(`config:${configId}`, () =>
      findWlConfig(this.db, this.tenant, configId),
    );
    if (config === undefined) throw new ApiError(404, 'NOT_FOUND', `unknown config ${configId}`);
    return config;
  }

  /** One component of a config: 404 NOT_FOUND for an unknown config, UNKNOWN_COMPONENT for an unknown id. */
  async component(configId: string, componentId: string): Promise<Component> {
    await this.config(configId);
    const component = await this.cache.get(`component:${componentId}`, () =>
      findComponent(this.db, this.tenant, componentId),
    );
    if (component === undefined)
      throw new ApiError(404, 'UNKNOWN_COMPONENT', `unknown component ${componentId}`);
    return component;
  }

  /**
   * The component as a restricted profile sees it (ADR 0012): without the hero-banner items whose
   * action leads to a title `within` refuses.
   */
  async componentWithin(
    configId: string,
    componentId: string,
    within: Promise<(assetId: string) => boolean>,
  ): Promise<Component> {
    const [component, isWithin] = await Promise.all([this.component(configId, componentId), within]);
    return withoutHeroItemsAbove(component, isWithin);
  }
}

/** The component without the hero-banner items whose action leads to a title `within` refuses. */
function withoutHeroItemsAbove(component: Component, within: (assetId: string) => boolean): Component {
  const items = component.components?.heroBannerItems;
  if (items === undefined) return component;
  const kept = items.filter((item) => {
    const assetId = (item as HeroBannerItem | null)?.actions?.default?.assetId as unknown;
    return typeof assetId !== 'string' || within(assetId);
  });
  return { ...component, components: { ...component.components, heroBannerItems: kept } };
}
