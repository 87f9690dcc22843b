import type { ConfigWeb, LoginResponse, PrimetimeLoginRequest } from '@antenne/contract';
import {
  createLocalJWKSet,
  decodeJwt,
  decodeProtectedHeader,
  errors as joseErrors,
  jwtVerify,
  type JWTPayload,
} from 'jose';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { ApiError } from '../../lib/errors.js';
import type { TvProviderSubscriber } from '../accounts/index.js';
import type { MediaTokenCheck, TvProviderAdapter, VerifiedMediaToken } from './adapter.js';
import * as repo from './repository.js';
import { MEDIA_TOKEN_ALG } from './test-distributor.js';

/**
 * The programmer's side of the pay-TV provider sign-in (issue 19, ADR 0041): a distributor's media
 * token is checked (signature and algorithm with the distributor's keys, issuer a known enabled
 * distributor, audience exactly the requestor, the US resource, expiry against the app's clock,
 * not used before), spent (its `jti` remembered in the database until it expires), then the
 * accounts open a provider-bound session for the household of that subscriber. No HTTP here.
 */

/** The longest media token accepted (the login body's limit too). */
export const MAX_MEDIA_TOKEN_LENGTH = 4096;
/** A media token lives minutes: one issued longer ago, or claiming a longer life, is refused whatever its signature. */
const MAX_TOKEN_AGE_S = 10 * 60;

export const invalidMediaToken = (why: string) => new ApiError(401, 'INVALID_MEDIA_TOKEN', why);
const usedMediaToken = () =>
  invalidMediaToken('the media token was used already: ask the distributor for a new one');
/** The longest `jti` remembered (the spent tokens' column). */
const MAX_JTI_LENGTH = 255;

/** What the service asks of the accounts: a provider-bound session for a subscriber. */
export interface SubscriberSessions {
  loginTvProviderSubscriber(
    subscriber: TvProviderSubscriber,
    device: PrimetimeLoginRequest['device'],
  ): Promise<LoginResponse>;
}

export interface TvProviderServiceOptions {
  /** Where spent tokens are remembered (every process of a cluster refuses a second use). */
  db: Kysely<Database>;
  /** The enabled distributors (the test distributor unless TV_PROVIDER_TEST_DISTRIBUTOR=false). */
  adapters: readonly TvProviderAdapter[];
  accounts: SubscriberSessions;
  clock: () => number;
  requestorId: string;
  resource: string;
  /** The subscription products a subscriber holds through the distributor (TV_PROVIDER_PRODUCTS). */
  products: readonly string[];
}

export class TvProviderService implements MediaTokenCheck {
  private readonly adapters: ReadonlyMap<string, TvProviderAdapter>;

  constructor(private readonly options: TvProviderServiceOptions) {
    this.adapters = new Map(options.adapters.map((adapter) => [adapter.id, adapter]));
  }

  /** config_web.json's `provider` section, from the enabled distributors. */
  static configSection(adapters: readonly TvProviderAdapter[]): ConfigWeb['provider'] {
    return {
      enabled: adapters.length > 0,
      helpUrl: adapters[0]?.helpUrl ?? '',
      providers: adapters.map(({ id, displayName, logoURL, loginURL }) => ({
        ID: id,
        displayName,
        logoURL,
        loginURL,
      })),
    };
  }

  /**
   * A media token's checks: 401 UNKNOWN_TV_PROVIDER when its issuer is no enabled distributor,
   * MEDIA_TOKEN_EXPIRED when signed right but expired, INVALID_MEDIA_TOKEN for anything else —
   * an `aud` that is not exactly the requestor (a string, or an array of it alone), no `jti`, or a
   * token spent already. Checking spends nothing (`spend` does).
   */
  async verify(mediaToken: string): Promise<VerifiedMediaToken> {
    if (mediaToken.length > MAX_MEDIA_TOKEN_LENGTH) throw invalidMediaToken('the media token is too long');
    let issuer: unknown;
    try {
      if (decodeProtectedHeader(mediaToken).alg !== MEDIA_TOKEN_ALG)
        throw invalidMediaToken(`the media token is not signed with ${MEDIA_TOKEN_ALG}`);
      issuer = decodeJwt(mediaToken).iss;
    } catch (error) {
      if (error instanceof ApiError) throw error;
      throw invalidMediaToken('the media token is not a compact JWS');
    }
    const adapter = typeof issuer === 'string' ? this.adapters.get(issuer) : undefined;
    if (adapter === undefined)
      throw new ApiError(401, 'UNKNOWN_TV_PROVIDER', 'the media token names no distributor of this service');
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(mediaToken, createLocalJWKSet(await adapter.jwks()), {
        algorithms: [MEDIA_TOKEN_ALG],
        issuer: adapter.id,
        audience: this.options.requestorId,
        requiredClaims: ['sub', 'exp', 'iat', 'jti'],
        maxTokenAge: MAX_TOKEN_AGE_S,
        currentDate: new Date(this.options.clock()),
      }));
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired)
        throw new ApiError(401, 'MEDIA_TOKEN_EXPIRED', 'the media token has expired: sign in again');
      throw invalidMediaToken(
        error instanceof joseErrors.JWTClaimValidationFailed
          ? `the media token's ${error.claim} claim is refused`
          : 'the media token is not signed by its distributor',
      );
    }
    if ((payload.exp as number) - (payload.iat as number) > MAX_TOKEN_AGE_S)
      throw invalidMediaToken('the media token claims too long a life');
    // jose accepts an `aud` array that merely contains ours: a token meant for others too is not ours.
    const audience = Array.isArray(payload.aud) && payload.aud.length === 1 ? payload.aud[0] : payload.aud;
    if (audience !== this.options.requestorId)
      throw invalidMediaToken("the media token's aud claim is refused: it must be this requestor alone");
    if (payload.resource !== this.options.resource)
      throw invalidMediaToken('the media token is for another resource');
    const subscriberId = payload.sub;
    if (typeof subscriberId !== 'string' || subscriberId === '' || subscriberId.length > 200)
      throw invalidMediaToken("the media token's sub claim is refused");
    const jti = payload.jti;
    if (typeof jti !== 'string' || jti === '' || jti.length > MAX_JTI_LENGTH)
      throw invalidMediaToken("the media token's jti claim is refused");
    if (await repo.isMediaTokenSpent(this.options.db, adapter.id, jti)) throw usedMediaToken();
    return { providerId: adapter.id, subscriberId, jti, expiresMs: (payload.exp as number) * 1000 };
  }

  /** Uses a verified token up (a media token signs in or plays once): 401 when it was used already. */
  async spend(token: VerifiedMediaToken): Promise<void> {
    if (!(await repo.spendMediaToken(this.options.db, token, this.options.clock()))) throw usedMediaToken();
  }

  /** adobePrimetimeLogin: the verified token, spent, signs its subscriber in (provider-bound session). */
  async login(request: PrimetimeLoginRequest): Promise<LoginResponse> {
    const verified = await this.verify(request.mediaToken);
    await this.spend(verified);
    const { providerId, subscriberId } = verified;
    const adapter = this.adapters.get(providerId) as TvProviderAdapter;
    return this.options.accounts.loginTvProviderSubscriber(
      {
        providerId,
        subscriberId,
        displayName: adapter.displayName,
        products: this.options.products,
        ...(request.language === undefined ? {} : { language: request.language }),
      },
      request.device,
    );
  }
}
