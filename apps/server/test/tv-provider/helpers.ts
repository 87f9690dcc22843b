import { randomBytes } from 'node:crypto';
import { tvProviderPaths, type LoginResponse } from '@antenne/contract';
import { generateKeyPair, importJWK, SignJWT, type CryptoKey, type JWK, type JWTPayload } from 'jose';
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { App } from '../../src/app.js';
import type { Database } from '../../src/db/schema.js';
import { identitySecret, secretBox } from '../../src/modules/identity/index.js';
import { testDistributorPaths } from '../../src/modules/tv-provider/index.js';
import { TENANT } from '../helpers/test-app.js';

/** The defaults of TV_PROVIDER_REQUESTOR_ID and TV_PROVIDER_RESOURCE. */
export const REQUESTOR = 'antenne';
export const RESOURCE = 'antenne-monde-us';
export const PROVIDER = 'antenne-test';
export const DEVICE = { deviceId: 'tv-device-1', name: 'web-us', type: 'WEB' } as const;

/**
 * The test distributor's stored private key (made by its first use: the JWKS asks for it), opened
 * with the secret it is sealed with: the test app's, generated into its DATA_DIR.
 */
export async function distributorKey(
  app: App,
  db: Kysely<Database>,
  dataDir: string,
): Promise<{ kid: string; key: CryptoKey }> {
  expect((await app.inject({ url: testDistributorPaths.jwks })).statusCode).toBe(200);
  const row = await db
    .selectFrom('tv_provider_keys')
    .select(['kid', 'private_jwk'])
    .where('provider_id', '=', PROVIDER)
    .executeTakeFirstOrThrow();
  const jwk = await secretBox(identitySecret({ authSecret: '', dataDir })).open(row.private_jwk);
  return { kid: row.kid, key: (await importJWK(JSON.parse(jwk) as JWK, 'ES256')) as CryptoKey };
}

/** A media token as the distributor makes one (`nowMs` its iat), with `claims` changed; `key` another one to forge. */
export async function mint(
  signer: { kid: string; key: CryptoKey },
  nowMs: number,
  claims: JWTPayload = {},
): Promise<string> {
  const iat = Math.floor(nowMs / 1000);
  return new SignJWT({
    iss: PROVIDER,
    sub: `sub_${randomBytes(6).toString('hex')}`,
    aud: REQUESTOR,
    resource: RESOURCE,
    iat,
    exp: iat + 300,
    jti: randomBytes(8).toString('hex'),
    ...claims,
  })
    .setProtectedHeader({ alg: 'ES256', kid: signer.kid })
    .sign(signer.key);
}

/** Another ES256 key of the same kid: a forger's. */
export async function forgerKey(kid: string): Promise<{ kid: string; key: CryptoKey }> {
  return { kid, key: (await generateKeyPair('ES256')).privateKey };
}

export function primetimeLogin(app: App, mediaToken: string, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: tvProviderPaths.primetimeLogin(TENANT),
    payload: { mediaToken, device: DEVICE, language: 'en' },
    headers,
  });
}

/** Signs in with a media token and returns the LoginResponse. */
export async function providerLogin(app: App, mediaToken: string): Promise<LoginResponse> {
  const res = await primetimeLogin(app, mediaToken);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<LoginResponse>();
}

/** The households and sessions tables' row counts. */
export async function counts(db: Kysely<Database>): Promise<{ households: number; sessions: number }> {
  const count = async (table: 'households' | 'sessions') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { households: await count('households'), sessions: await count('sessions') };
}
