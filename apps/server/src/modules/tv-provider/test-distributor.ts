import { randomBytes } from 'node:crypto';
import {
  exportJWK,
  generateKeyPair,
  importJWK,
  SignJWT,
  type CryptoKey,
  type JSONWebKeySet,
  type JWK,
} from 'jose';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Executor } from '../../db/transaction.js';
import { hashPin, verifyPin } from '../accounts/index.js';
import type { TvProviderAdapter } from './adapter.js';
import * as repo from './repository.js';

/**
 * The test distributor that Antenne serves itself (issue 19, ADR 0041): a pay-TV provider with its
 * own subscribers (`npm run tv-provider:subscriber`), its own sign-in page (pages.ts) and its own
 * ES256 key, generated once and kept in the database so that every process of a cluster signs
 * with the same one — encrypted with AUTH_SECRET as the identity service's keys are. It issues Adobe Pass-like media tokens: a compact JWS, `iss` the
 * distributor, `sub` an opaque subscriber id, `aud` the requestor (this broadcaster), `resource`
 * the network's US service, valid MEDIA_TOKEN_TTL_S seconds.
 */

export const TEST_DISTRIBUTOR_ID = 'antenne-test';
export const MEDIA_TOKEN_TTL_S = 5 * 60;
export const MEDIA_TOKEN_ALG = 'ES256';

/** The distributor's own URLs, served by this server (routes.ts). */
export const testDistributorPaths = {
  signIn: `/tv-providers/${TEST_DISTRIBUTOR_ID}/sign-in`,
  frameScript: `/tv-providers/${TEST_DISTRIBUTOR_ID}/sign-in.js`,
  logo: `/tv-providers/${TEST_DISTRIBUTOR_ID}/logo.svg`,
  jwks: `/tv-providers/${TEST_DISTRIBUTOR_ID}/jwks.json`,
  help: `/tv-providers/${TEST_DISTRIBUTOR_ID}/help`,
} as const;

export const USERNAME_PATTERN = /^[A-Za-z0-9._@-]{1,64}$/;
export const MAX_PASSWORD_LENGTH = 256;

export class SubscriberError extends Error {}

/** What a sign-in at the distributor's page gives. */
export type SignInResult =
  | { ok: true; mediaToken: string }
  | { ok: false; reason: 'INCORRECT_CREDENTIALS' | 'NOT_SUBSCRIBED' | 'TOO_MANY_ATTEMPTS' };

interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
}

export interface TestDistributorOptions {
  db: Kysely<Database>;
  clock: () => number;
  /** The audience of its tokens: TV_PROVIDER_REQUESTOR_ID. */
  requestorId: string;
  /** The resource it authorizes: TV_PROVIDER_RESOURCE. */
  resource: string;
  /** Sign-in attempts per client address and minute (AUTH_SIGN_IN_LIMIT, as the identity sign-in). */
  signInLimit: number;
  /** Seals the private key at rest with the server's secret (the identity module's `secretBox`). */
  secretBox: KeySealer;
}

/** What the key at rest is sealed with (identity's SecretBox: AUTH_SECRET, better-auth's cipher). */
export interface KeySealer {
  seal(plaintext: string): Promise<string>;
  open(sealed: string): Promise<string>;
}

export class TestDistributor implements TvProviderAdapter {
  readonly id = TEST_DISTRIBUTOR_ID;
  readonly displayName = 'TV Test (démo)';
  readonly logoURL = testDistributorPaths.logo;
  readonly loginURL = testDistributorPaths.signIn;
  readonly helpUrl = testDistributorPaths.help;
  private key: Promise<SigningKey> | undefined;

  constructor(private readonly options: TestDistributorOptions) {}

  async jwks(): Promise<JSONWebKeySet> {
    return { keys: [(await this.signingKey()).publicJwk] };
  }

  /**
   * Checks a subscriber's username and password (past `signInLimit` attempts a minute from one
   * address: TOO_MANY_ATTEMPTS, checked first); a subscriber whose package lacks the network gets
   * NOT_SUBSCRIBED; otherwise a media token for the resource.
   */
  async signIn(input: { username: string; password: string; address: string }): Promise<SignInResult> {
    const now = this.options.clock();
    const attempts = await repo.recordAttempt(
      this.options.db,
      {
        id: `att_${randomBytes(12).toString('hex')}`,
        address: input.address.slice(0, 64),
        attempted_at: now,
      },
      now - 60_000,
    );
    if (attempts > this.options.signInLimit) return { ok: false, reason: 'TOO_MANY_ATTEMPTS' };
    const subscriber = USERNAME_PATTERN.test(input.username)
      ? await repo.findSubscriberByUsername(this.options.db, input.username)
      : undefined;
    // The same work for an unknown username (no timing difference): a hash of a dummy password.
    const matches =
      subscriber === undefined
        ? (await verifyPin(input.password, DUMMY_HASH), false)
        : await verifyPin(input.password, subscriber.password_hash);
    if (subscriber === undefined || !matches) return { ok: false, reason: 'INCORRECT_CREDENTIALS' };
    if (Number(subscriber.includes_network) !== 1) return { ok: false, reason: 'NOT_SUBSCRIBED' };
    return { ok: true, mediaToken: await this.issueMediaToken(subscriber.id) };
  }

  /** A media token for this subscriber id (signed with the distributor's key). */
  async issueMediaToken(subscriberId: string): Promise<string> {
    const key = await this.signingKey();
    const iat = Math.floor(this.options.clock() / 1000);
    return new SignJWT({ resource: this.options.resource })
      .setProtectedHeader({ alg: MEDIA_TOKEN_ALG, kid: key.kid, typ: 'JWT' })
      .setIssuer(this.id)
      .setSubject(subscriberId)
      .setAudience(this.options.requestorId)
      .setIssuedAt(iat)
      .setExpirationTime(iat + MEDIA_TOKEN_TTL_S)
      .setJti(randomBytes(16).toString('base64url'))
      .sign(key.privateKey);
  }

  /** The key stored in the database, made by the first process that needs one. */
  private signingKey(): Promise<SigningKey> {
    const { db, clock, secretBox } = this.options;
    this.key ??= loadOrCreateKey(db, this.id, clock, secretBox).catch((error: unknown) => {
      this.key = undefined;
      throw error;
    });
    return this.key;
  }
}

/**
 * The stored key, opened with the secret; made (sealed) by the first process that needs one. A key
 * stored in clear (before keys were sealed) is sealed and written back at its first read.
 */
async function loadOrCreateKey(
  db: Executor,
  providerId: string,
  clock: () => number,
  box: KeySealer,
): Promise<SigningKey> {
  let stored = await repo.findSigningKey(db, providerId);
  if (stored === undefined) {
    const { privateKey } = await generateKeyPair(MEDIA_TOKEN_ALG, { extractable: true });
    await repo.insertSigningKeyIfAbsent(db, {
      provider_id: providerId,
      kid: randomBytes(8).toString('hex'),
      private_jwk: await box.seal(JSON.stringify(await exportJWK(privateKey))),
      created_at: new Date(clock()).toISOString(),
    });
    // Another process may have stored its key first: every process signs with the stored one.
    stored = await repo.findSigningKey(db, providerId);
    if (stored === undefined) throw new Error(`the signing key of ${providerId} was not stored`);
  }
  let json: string;
  if (isClearJwk(stored.private_jwk)) {
    json = stored.private_jwk;
    // Only this row's clear text is replaced: a process that sealed it first wins, the same key either way.
    await repo.replaceSigningKeyText(db, providerId, stored.private_jwk, await box.seal(json));
  } else {
    try {
      json = await box.open(stored.private_jwk);
    } catch {
      throw new Error(
        `the signing key of the test distributor ${providerId} (table tv_provider_keys) cannot be opened with ` +
          'this AUTH_SECRET: start with the secret it was sealed with, or delete that row to make a new key ' +
          '(media tokens it signed are then refused)',
      );
    }
  }
  const jwk = JSON.parse(json) as JWK;
  const privateKey = (await importJWK(jwk, MEDIA_TOKEN_ALG)) as CryptoKey;
  const { kty, crv, x, y } = jwk;
  return {
    kid: stored.kid,
    privateKey,
    publicJwk: { kty, crv, x, y, kid: stored.kid, alg: MEDIA_TOKEN_ALG, use: 'sig' } as JWK,
  };
}

/** A key stored before keys were sealed: its JWK's JSON text (a sealed one is hex). */
const isClearJwk = (text: string) => text.trimStart().startsWith('{');

const DUMMY_HASH = 'scrypt$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

// The subscriber list (the npm script `tv-provider:subscriber`, the demo's subscriber) ---------------

export interface SubscriberInput {
  username: string;
  password: string;
  /** Whether the subscriber's package includes the network's US service (default true). */
  includesNetwork?: boolean;
}

/** Adds a subscriber: its opaque id (the media tokens' `sub`); SubscriberError when the input is wrong or the username taken. */
export async function addSubscriber(
  db: Executor,
  input: SubscriberInput,
  now = () => new Date(),
): Promise<string> {
  if (!USERNAME_PATTERN.test(input.username))
    throw new SubscriberError('the username is 1 to 64 letters, digits, . _ @ or -');
  if (input.password.length < 8 || input.password.length > MAX_PASSWORD_LENGTH)
    throw new SubscriberError(`the password is 8 to ${MAX_PASSWORD_LENGTH} characters`);
  const id = `sub_${randomBytes(12).toString('hex')}`;
  const added = await repo.insertSubscriber(db, {
    id,
    username: input.username,
    password_hash: await hashPin(input.password),
    includes_network: input.includesNetwork === false ? 0 : 1,
    created_at: now().toISOString(),
  });
  if (!added) throw new SubscriberError(`the subscriber ${input.username} exists already`);
  return id;
}

/** Removes a subscriber; SubscriberError when there is none of that username. */
export async function removeSubscriber(db: Executor, username: string): Promise<void> {
  if (!(await repo.deleteSubscriber(db, username))) throw new SubscriberError(`no subscriber ${username}`);
}

export async function listSubscribers(
  db: Executor,
): Promise<{ username: string; includesNetwork: boolean; createdAt: string }[]> {
  return (await repo.listSubscribers(db)).map((row) => ({
    username: row.username,
    includesNetwork: Number(row.includes_network) === 1,
    createdAt: row.created_at,
  }));
}
