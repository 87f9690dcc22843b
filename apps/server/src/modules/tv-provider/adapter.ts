import type { JSONWebKeySet } from 'jose';

/**
 * A pay-TV distributor (an MVPD, in Adobe Pass's words) as Antenne sees it: what the login page
 * lists (config_web.json's `provider.providers`), where its own sign-in page is, and the keys
 * that sign its media tokens. The test distributor (test-distributor.ts) is the one shipped; a
 * real Adobe Pass / MVPD integration is another implementation (ADR 0041): its JWKS, its page.
 */
export interface TvProviderAdapter {
  /** The `iss` of its media tokens and the `ID` of its config entry. */
  readonly id: string;
  readonly displayName: string;
  readonly logoURL: string;
  /** Its sign-in page, opened by the web app in a frame; it posts a TvProviderMessage to the app's window. */
  readonly loginURL: string;
  /** A help page for the subscriber (config_web.json's `provider.helpUrl`). */
  readonly helpUrl: string;
  /** The public keys its media tokens are signed with (ES256). */
  jwks(): Promise<JSONWebKeySet>;
}

/**
 * What the play calls ask of a media token (the X-Adobe-Primetime-MediaToken header): its checks
 * as at login (a token used already is refused), then, once a play is granted with it, its use.
 */
export interface MediaTokenCheck {
  verify(mediaToken: string): Promise<VerifiedMediaToken>;
  /** Uses the token up: 401 INVALID_MEDIA_TOKEN when another call used it first. */
  spend(token: VerifiedMediaToken): Promise<void>;
}

/** A media token that passed every check: who issued it, for which subscriber, its id and expiry. */
export interface VerifiedMediaToken {
  providerId: string;
  subscriberId: string;
  /** Its `jti`: a token is used once (ADR 0041). */
  jti: string;
  /** Its `exp` (ms): until then its `jti` is remembered. */
  expiresMs: number;
}
