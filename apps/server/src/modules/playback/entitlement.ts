import {
  PAY_TV_COUNTRY,
  TV_PROVIDER_REQUIRED,
  type Asset,
  type ErrorAction,
  type Publication,
  type PlayResponse,
} from '@antenne/contract';
import type { Executor } from '../../db/transaction.js';
import type { Tenant } from '../../lib/business-unit.js';
import { ApiError } from '../../lib/errors.js';
import * as repo from './repository.js';

/**
 * The rights half of the play call (Exposure notes §4, spec part 1 §6; ADR 0010): which of an
 * asset's publications the caller may play now and from where, and which product of theirs grants
 * it (or what to buy). service.ts plays what this grants.
 */

export type EntitlementType = PlayResponse['entitlementType'];

export interface Grant {
  publication: Publication;
  productId?: string;
  entitlementType: EntitlementType;
  maxAds: number;
}

/** Who gets the grant when several apply: what the household paid for first, ads last. */
const GRANT_RANK: Record<EntitlementType, number> = { TVOD: 0, SVOD: 1, FVOD: 2, AVOD: 3 };

/**
 * The active publications that allow the caller's country: none active → NOT_PUBLISHED (with
 * WAIT for the next one) or LICENSE_EXPIRED; none for the country → GEO_BLOCKED. An unknown
 * country (a private address) is not held against the caller, as the catalogue does.
 */
export function allowedPublications(
  publications: Publication[],
  now: number,
  country: string | undefined,
): Publication[] {
  const active = publications.filter((p) => Date.parse(p.fromDate) <= now && now <= Date.parse(p.toDate));
  if (active.length === 0) {
    const upcoming = publications
      .filter((p) => Date.parse(p.fromDate) > now)
      .sort((a, b) => Date.parse(a.fromDate) - Date.parse(b.fromDate));
    const next = upcoming[0];
    if (next !== undefined) {
      throw new ApiError(403, 'NOT_PUBLISHED', `available from ${next.fromDate}`, [
        { type: 'WAIT', publication: { availableAt: next.fromDate, publicationId: next.publicationId } },
      ]);
    }
    throw new ApiError(403, 'LICENSE_EXPIRED', 'the asset is no longer published');
  }
  const allowed = active.filter(
    (p) => country === undefined || p.countries.length === 0 || p.countries.includes(country),
  );
  if (allowed.length === 0)
    throw new ApiError(403, 'GEO_BLOCKED', `not available in ${country ?? 'this country'}`);
  return allowed;
}

/** The best right the caller holds through the allowed publications' products, or NOT_ENTITLED with what to buy. */
export async function entitle(
  db: Executor,
  tenant: Tenant,
  asset: Asset,
  allowed: Publication[],
  publications: Publication[],
  householdId: string | undefined,
  now: number,
): Promise<Grant> {
  const products = await repo.listProducts(db, tenant);
  const nowIso = new Date(now).toISOString();
  const [subscriptions, tickets] =
    householdId === undefined
      ? [new Set<string>(), new Set<string>()]
      : await Promise.all([
          repo.activeSubscriptionProducts(db, householdId, nowIso),
          repo.activeTicketProducts(db, householdId, asset.assetId, nowIso),
        ]);

  const grants: Grant[] = [];
  for (const publication of allowed) {
    for (const productId of publication.products) {
      const product = products.get(productId);
      if (product === undefined) continue;
      const maxAds = Math.max(product.maxAds, publication.rights?.maxAds ?? 0);
      const grant = (entitlementType: EntitlementType): Grant => ({
        publication,
        productId,
        entitlementType,
        maxAds,
      });
      switch (product.monetisationType) {
        case 'Free':
        case 'Advertising':
        case 'Catchup':
          grants.push(grant(maxAds > 0 ? 'AVOD' : 'FVOD'));
          break;
        case 'Subscription':
          if (subscriptions.has(productId)) grants.push(grant('SVOD'));
          break;
        case 'Transactional':
        case 'ElectronicSellThrough':
          if (tickets.has(productId)) grants.push(grant('TVOD'));
          break;
      }
    }
  }
  grants.sort((a, b) => GRANT_RANK[a.entitlementType] - GRANT_RANK[b.entitlementType] || a.maxAds - b.maxAds);
  const best = grants[0];
  if (best !== undefined) return best;

  // What would open it: the products of the publications the caller may play now (BUY_WATCH_NOW)
  // and of the upcoming ones (BUY_WATCH_LATER), each with its publications.
  const offerings = (list: Publication[]) => {
    const byProduct = new Map<string, { availableAt: string; publicationId: string }[]>();
    for (const publication of list) {
      for (const productId of publication.products) {
        if (!products.has(productId)) continue;
        const entry = byProduct.get(productId) ?? [];
        entry.push({ availableAt: publication.fromDate, publicationId: publication.publicationId });
        byProduct.set(productId, entry);
      }
    }
    return [...byProduct].map(([offeringId, pubs]) => ({ offeringId, publications: pubs }));
  };
  const actions: ErrorAction[] = [{ type: 'BUY_WATCH_NOW', offerings: offerings(allowed) }];
  const later = offerings(publications.filter((p) => Date.parse(p.fromDate) > now));
  if (later.length > 0) actions.push({ type: 'BUY_WATCH_LATER', offerings: later });
  throw new ApiError(403, 'NOT_ENTITLED', `no right to play ${asset.assetId}`, actions);
}

/** A trailer needs no product: free, no ads, through its first allowed publication. */
export function trailerGrant(allowed: Publication[]): Grant {
  const publication = allowed[0] as Publication;
  const productId = publication.products[0];
  return {
    publication,
    ...(productId === undefined ? {} : { productId }),
    entitlementType: 'FVOD',
    maxAds: 0,
  };
}

/** The 401 of a rights check without a session (the play call's, entitle's). */
export const loginRequired = () =>
  new ApiError(401, 'NO_SESSION_TOKEN', 'please log in to play the video', [{ type: 'LOGIN' }]);

/** Who plays, as the US rule sees it (issue 19). */
export interface PayTvCaller {
  country: string | undefined;
  /** A provider-bound session (adobePrimetimeLogin), or a verified X-Adobe-Primetime-MediaToken. */
  tvProvider: boolean;
}

/** The 403 of a US play without a pay-TV provider: NOT_ENTITLED, TV_PROVIDER_REQUIRED, LOGIN (with a provider). */
export const tvProviderRequired = () =>
  new ApiError(403, 'NOT_ENTITLED', TV_PROVIDER_REQUIRED, [{ type: 'LOGIN' }]);

/** From the US (PAY_TV_COUNTRY) everything plays through a pay-TV provider only (spec part 2 §4, §6). */
export function refuseWithoutTvProvider(caller: PayTvCaller): void {
  if (caller.country === PAY_TV_COUNTRY && !caller.tvProvider) throw tvProviderRequired();
}

/** What a play without a session hears: from the US, the provider's sign-in; elsewhere 401 LOGIN. */
export function sessionRequired(caller: PayTvCaller): ApiError {
  return caller.country === PAY_TV_COUNTRY && !caller.tvProvider ? tvProviderRequired() : loginRequired();
}

/**
 * The rights of a catalogue asset for a caller, as the play call and entitle decide them: 404
 * UNKNOWN_ASSET without publications; from the US, the publication window and country first,
 * then a pay-TV provider (refuseWithoutTvProvider, trailers too); 401 LOGIN for a visitor (a
 * trailer excepted), then the publication window and country (allowedPublications) and the
 * household's products (entitle).
 */
export async function grantOf(
  db: Executor,
  tenant: Tenant,
  idOrSlug: string,
  found: { asset: Asset; trailer: boolean } | undefined,
  caller: PayTvCaller & { householdId: string | undefined },
  now: number,
): Promise<{ asset: Asset; trailer: boolean; grant: Grant }> {
  const publications = found?.asset.publications ?? [];
  if (found === undefined || publications.length === 0)
    throw new ApiError(404, 'UNKNOWN_ASSET', `unknown asset ${idOrSlug}`);
  const { asset, trailer } = found;
  // GEO_BLOCKED, NOT_PUBLISHED and LICENSE_EXPIRED before the US provider rule: the title does not play there anyway.
  if (caller.country === PAY_TV_COUNTRY) allowedPublications(publications, now, caller.country);
  refuseWithoutTvProvider(caller);
  if (caller.householdId === undefined && !trailer) throw loginRequired();
  const allowed = allowedPublications(publications, now, caller.country);
  const grant = trailer
    ? trailerGrant(allowed)
    : await entitle(db, tenant, asset, allowed, publications, caller.householdId, now);
  return { asset, trailer, grant };
}
