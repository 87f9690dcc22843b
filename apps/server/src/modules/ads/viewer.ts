import { PAY_TV_COUNTRY } from '@antenne/contract';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../lib/errors.js';
import { locate } from '../../lib/geo.js';
import { advertisingAllowed } from './consent.js';

/**
 * Who may be shown an ad, for the pre-roll and the display slots alike (README.md, docs/consent.md):
 * what every ad call reads off its request, and the one check each decision and each tracking call
 * makes — advertising consent (our consent string or the `antenne_consent` cookie, consent.ts) and,
 * for a decision, a visitor outside the US.
 */

/** The country where no ad is ever served (spec part 2 §4): the pay-TV country (issue 19). */
export const NO_ADS_COUNTRY = PAY_TV_COUNTRY;

/** Who asks for an ad or reports one. */
export interface AdViewer {
  /** ISO2 from `request.ip` (the socket address, or X-Forwarded-For only from TRUST_PROXY's proxies); undefined when unknown. */
  country: string | undefined;
  /** The client's address (request.ip): the display ads' rate limit key, hashed. */
  address: string;
  /** The Cookie header (the consent platform's cookie). */
  cookies: string | undefined;
  /** `<protocol>://<host>` of the request: the VAST document's URLs are absolute. */
  origin: string;
}

export const viewerOf = (request: FastifyRequest): AdViewer => ({
  country: locate(request.ip).countryCode ?? undefined,
  address: request.ip,
  cookies: request.headers.cookie,
  origin: `${request.protocol}://${request.host}`,
});

/**
 * Whether an ad may be chosen for this viewer: advertising consent (the `consent` string the call
 * carries, the cookie; one refusing wins) and not in the no-ads country. Every ad decision asks it.
 */
export function adsAllowed(viewer: AdViewer, consent: string | undefined): boolean {
  return advertisingAllowed(consent, viewer.cookies) && viewer.country !== NO_ADS_COUNTRY;
}

/**
 * A tracking call is recorded only with advertising consent: 403 FORBIDDEN otherwise (refused
 * rather than dropped, so a client bug shows; ADR 0035). Every ad tracking call asks it.
 */
export function requireTrackingConsent(viewer: AdViewer, consent: string | undefined): void {
  if (!advertisingAllowed(consent, viewer.cookies))
    throw new ApiError(403, 'FORBIDDEN', 'no advertising consent');
}
