import type { Asset, AvailabilityKeys, EntitleResponse, StoreProductOffering } from '@antenne/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Tenant } from '../../lib/business-unit.js';
import { ApiError } from '../../lib/errors.js';
import type { SessionContext } from '../accounts/index.js';
import { grantOf } from './entitlement.js';
import { playableMedias } from './playable-media.js';
import * as repo from './repository.js';
import type { SnapshotSource } from './service.js';

/**
 * Issue 18's "entitlement without playing" (Exposure notes §3.4, §4.2): the play call's rights
 * rules (entitlement.ts) answered before any play session, so a client shows Play, Buy or
 * nothing; the account's availability keys; the products on offer in a country. No HTTP here.
 */

export interface EntitleCaller {
  /** The checked session; null for a visitor (only a trailer is entitled then). */
  session: SessionContext | null;
  country: string | undefined;
  /** A provider-bound session or a verified media token: what a US caller needs (entitlement.ts). */
  tvProvider: boolean;
  requestId: string;
}

/** Products anyone may watch through (no payment): their keys are every account's. */
const OPEN_TYPES: ReadonlySet<string> = new Set(['Free', 'Advertising', 'Catchup']);

/** Exposure's `productOfferingType` of the products a household pays for (a rental's length is not in our products). */
const OFFERING_TYPES: Partial<Record<string, string>> = {
  Subscription: 'subscription',
  Transactional: 'rental',
  ElectronicSellThrough: 'purchase',
};

export class EntitlementCheckService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly tenant: Tenant,
    private readonly catalogue: SnapshotSource,
    /** The play call's lookup (id or slug; whether it is a trailer). */
    private readonly findAsset: (idOrSlug: string) => Promise<{ asset: Asset; trailer: boolean } | undefined>,
    private readonly clock: () => number = Date.now,
  ) {}

  /**
   * The play call's answer to "may this caller play this asset now, from here", without playing:
   * SUCCESS with the publication and product that grant it, or the play call's refusal (401 LOGIN,
   * 403 NOT_ENTITLED with what to buy, GEO_BLOCKED, NOT_PUBLISHED with WAIT, LICENSE_EXPIRED,
   * NOT_AVAILABLE_IN_FORMAT). The parental PIN is asked at play, not here.
   */
  async entitle(idOrSlug: string, caller: EntitleCaller): Promise<EntitleResponse> {
    const now = this.clock();
    const { asset, grant } = await grantOf(
      this.db,
      this.tenant,
      idOrSlug,
      await this.findAsset(idOrSlug),
      { householdId: caller.session?.household.id, country: caller.country, tvProvider: caller.tvProvider },
      now,
    );

    const live = asset.type === 'TV_CHANNEL';
    const formats = live
      ? [{ format: 'DASH' as const }]
      : [...new Set(playableMedias(asset.medias ?? []).map((m) => m.format))].map((format) => ({ format }));
    if (formats.length === 0)
      throw new ApiError(
        403,
        'NOT_AVAILABLE_IN_FORMAT',
        `${asset.assetId} has no playable HLS or DASH media`,
      );

    const response: EntitleResponse = {
      status: 'SUCCESS',
      requestId: caller.requestId,
      publicationId: grant.publication.publicationId,
      publicationStart: new Date(grant.publication.fromDate).toISOString(),
      publicationEnd: new Date(grant.publication.toDate).toISOString(),
      time: new Date(now).toISOString(),
      formats,
      streamInfo: { live, static: !live, event: false },
      entitleExposure: false,
    };
    if (caller.session !== null) response.accountId = caller.session.household.id;
    if (grant.productId !== undefined) response.productId = grant.productId;
    return response;
  }

  /**
   * The account's availability keys, in the publications' vocabulary (snapshot-entries.ts): every
   * open product (free, with ads, catch-up), the products of its subscriptions, and
   * `<assetId>_<product>` for its rental and purchase tickets. Future: subscriptions not started.
   */
  async availabilityKeys(session: SessionContext): Promise<AvailabilityKeys> {
    const now = this.clock();
    const nowIso = new Date(now).toISOString();
    const [products, subscriptions, tickets] = await Promise.all([
      repo.listProducts(this.db, this.tenant),
      repo.openSubscriptions(this.db, session.household.id, nowIso),
      repo.openTickets(this.db, session.household.id, nowIso),
    ]);
    const current = new Set<string>();
    const future = new Set<string>();
    const ends: string[] = [];
    for (const product of products.values())
      if (OPEN_TYPES.has(product.monetisationType)) current.add(product.id);
    for (const s of subscriptions) {
      if (s.start_date > nowIso) future.add(s.product_id);
      else {
        current.add(s.product_id);
        if (s.end_date !== null) ends.push(s.end_date);
      }
    }
    for (const t of tickets) {
      current.add(`${t.asset_id}_${t.product_id}`);
      if (t.end_date !== null) ends.push(t.end_date);
    }
    const sorted = (set: Set<string>) => [...set].sort();
    const answer: AvailabilityKeys = {
      availabilityKeys: sorted(new Set([...current, ...future])),
      currentAvailabilityKeys: sorted(current),
      futureAvailabilityKeys: sorted(future),
      entitleExposure: false,
    };
    const expiry = ends.sort()[0];
    if (expiry !== undefined) answer.expiryDate = new Date(expiry).toISOString();
    return answer;
  }

  /**
   * The products a household could buy in a country (read only, no price: no payment here):
   * subscriptions, rentals and purchases through which some publication, current or upcoming,
   * is open to that country.
   */
  async offerings(countryCode: string): Promise<StoreProductOffering[]> {
    const now = this.clock();
    const [products, names, snapshot] = await Promise.all([
      repo.listProducts(this.db, this.tenant),
      repo.productNames(this.db, this.tenant),
      this.catalogue.snapshot(),
    ]);
    const offered = new Set<string>();
    for (const entry of snapshot.entries) {
      for (const p of entry.asset.publications ?? []) {
        if (Date.parse(p.toDate) < now) continue;
        if (p.countries.length > 0 && !p.countries.includes(countryCode)) continue;
        for (const id of p.products) offered.add(id);
      }
    }
    return [...products.values()]
      .sort((a, b) => (a.id < b.id ? -1 : 1))
      .flatMap((p) => {
        const type = OFFERING_TYPES[p.monetisationType];
        if (type === undefined || !offered.has(p.id)) return [];
        return [
          {
            id: p.id,
            productOfferingId: p.id,
            productIds: [p.id],
            productOfferingType: type,
            localizedMetadata: [{ locale: 'fr', name: names.get(p.id) ?? p.id }],
            // A rental or a purchase is of one title, chosen when buying.
            productRequiresSelectAsset: type !== 'subscription',
            paymentMethodTypes: [],
          },
        ];
      });
  }
}
