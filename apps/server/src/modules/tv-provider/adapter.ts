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

/** What the play call asks: a media token (the X-Adobe-Primetime-MediaToken header) checked as at login. */
export interface MediaTokenCheck {
  verify(mediaToken: string): Promise<VerifiedMediaToken>;
}

/** A media token that passed every check: who issued it and for which subscriber. */
export interface VerifiedMediaToken {
  providerId: string;
  subscriberId: string;
}
