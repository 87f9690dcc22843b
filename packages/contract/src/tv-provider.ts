/**
 * The US pay-TV provider sign-in (spec part 1 §2, §4, §6, §7; part 2 §4, §6; issue 19). No TypeBox
 * here (the request schema is in tv-provider-schemas.ts): the web app imports the rules, the
 * frame's message and the path builder without it.
 *
 * The protocol is Adobe Pass (Primetime)'s: the distributor (MVPD) authenticates its subscriber in
 * its own page, opened in a frame of the app; for a resource (the network's US service) it issues
 * a short-lived signed media token (a JWS: issuer the distributor, audience the requestor — this
 * broadcaster —, the resource, an expiry), which the page posts to the app's window; the app hands
 * it to `adobePrimetimeLogin`, which verifies it and opens a session bound to that subscriber.
 */
import { exposurePrefix, type BusinessUnitRef, type ExposureRoute } from './exposure.js';

/** Visitors of this country sign in with a pay-TV provider and play only through one, without ads. */
export const PAY_TV_COUNTRY = 'US';

/** `type` of the message the distributor's sign-in page posts to the app's window. */
export const TV_PROVIDER_MESSAGE = 'antenne:tv-provider';

/**
 * What the distributor's page posts to `window.parent` (target origin: the app's): the media token
 * once its subscriber is signed in and authorized for the resource, or why not (`NOT_SUBSCRIBED`:
 * the subscriber's package does not include the network; `CANCELLED`: closed from the page).
 */
export type TvProviderMessage =
  | { type: typeof TV_PROVIDER_MESSAGE; providerId: string; mediaToken: string }
  | { type: typeof TV_PROVIDER_MESSAGE; providerId: string; error: 'NOT_SUBSCRIBED' | 'CANCELLED' };

/** True when `data` (a MessageEvent's) is a TvProviderMessage, checked field by field. */
export function isTvProviderMessage(data: unknown): data is TvProviderMessage {
  if (typeof data !== 'object' || data === null) return false;
  const message = data as Record<string, unknown>;
  if (message.type !== TV_PROVIDER_MESSAGE || typeof message.providerId !== 'string') return false;
  if (typeof message.mediaToken === 'string') return message.mediaToken.length > 0;
  return message.error === 'NOT_SUBSCRIBED' || message.error === 'CANCELLED';
}

/**
 * The refusals of `adobePrimetimeLogin` (401) and of a US play without a provider-bound session
 * (403 NOT_ENTITLED, `extendedMessage` TV_PROVIDER_REQUIRED, with the LOGIN action).
 */
export const TV_PROVIDER_ERROR_CODES = [
  /** Not a JWS, signed by no configured distributor's key, or for another audience or resource. */
  'INVALID_MEDIA_TOKEN',
  /** Signed and addressed right, but past its expiry. */
  'MEDIA_TOKEN_EXPIRED',
  /** The distributor named by the token is not one this service accepts (or it is switched off). */
  'UNKNOWN_TV_PROVIDER',
] as const;

/** `extendedMessage` of the 403 NOT_ENTITLED a US caller without a provider-bound session gets at play. */
export const TV_PROVIDER_REQUIRED = 'TV_PROVIDER_REQUIRED';

/**
 * The play call's optional header carrying a distributor's media token (Exposure's
 * `X-Adobe-Primetime-MediaToken`): checked as adobePrimetimeLogin checks it (a bad one is refused
 * with its 401), a good one lets a US caller's play through as a provider-bound session does.
 */
export const TV_PROVIDER_MEDIA_TOKEN_HEADER = 'x-adobe-primetime-mediatoken';

type Bu = BusinessUnitRef;

/** POST `{mediaToken, device, language?}` → LoginResponse (Exposure `loginPrimetime`). */
export const tvProviderPaths = {
  primetimeLogin: (bu: Bu) => `${exposurePrefix('v2', bu)}/auth/adobePrimetimeLogin`,
} as const;

export const tvProviderPatterns = {
  primetimeLogin: { version: 'v2', pattern: '/auth/adobePrimetimeLogin' },
} as const satisfies Record<string, ExposureRoute>;
