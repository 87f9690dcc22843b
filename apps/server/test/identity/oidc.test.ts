import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { OAuth2Server } from 'oauth2-mock-server';
import { identityPaths } from '@antenne/contract';
import type { App } from '../../src/app.js';
import { createIdTokenVerifier } from '../../src/modules/identity/verify.js';
import { startOidcProvider } from '../helpers/oidc-provider.js';
import { buildTestApp, createTestDatabase, type TestDatabase } from '../helpers/test-app.js';

/** Sign-in with a generic OpenID Connect provider: a real local provider (oauth2-mock-server), the whole redirect round trip. */
describe('OpenID Connect sign-in', () => {
  let testDb: TestDatabase;
  let app: App;
  let provider: OAuth2Server;

  beforeAll(async () => {
    provider = await startOidcProvider({
      sub: 'oidc-user-42',
      email: 'yasmine@example.org',
      email_verified: true,
      name: 'Yasmine B.',
    });
    testDb = await createTestDatabase('sqlite');
    app = await buildTestApp(testDb, {
      config: {
        oidc: {
          issuerUrl: provider.issuer.url!,
          clientId: 'antenne',
          clientSecret: 'secret',
          name: 'Mon fournisseur',
        },
      },
    });
  });

  afterAll(async () => {
    await app?.close();
    await provider?.stop();
    await testDb?.cleanup();
  });

  test('the provider is listed by its name; sign-in goes to it and back, opens an identity session and yields an ID token', async () => {
    expect((await app.inject(identityPaths.providers)).json()).toMatchObject({
      oidc: { providerId: 'oidc', name: 'Mon fournisseur' },
    });

    const cookies = new Map<string, string>();
    const keep = (headers: Record<string, unknown>) => {
      for (const set of [headers['set-cookie'] ?? []].flat() as string[]) {
        const [pair = ''] = set.split(';');
        const at = pair.indexOf('=');
        cookies.set(pair.slice(0, at), pair.slice(at + 1));
      }
    };
    const cookie = () => [...cookies].map(([n, v]) => `${n}=${v}`).join('; ');

    const start = await app.inject({
      method: 'POST',
      url: identityPaths.signInSocial,
      headers: { origin: 'http://localhost:8080' },
      payload: { provider: 'oidc', callbackURL: '/' },
    });
    expect(start.statusCode, start.body).toBe(200);
    keep(start.headers);
    const authorize = new URL(start.json<{ url: string }>().url);
    expect(authorize.origin).toBe(new URL(provider.issuer.url!).origin);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');

    // The provider authenticates the user and redirects back with a code (fetch does not follow).
    const atProvider = await fetch(authorize, { redirect: 'manual' });
    expect(atProvider.status).toBe(302);
    const back = new URL(atProvider.headers.get('location')!);
    expect(back.pathname).toBe('/identity/callback/oidc');

    const callback = await app.inject({ url: back.pathname + back.search, headers: { cookie: cookie() } });
    expect(callback.statusCode, callback.body).toBe(302);
    expect(callback.headers.location).toBe('/');
    keep(callback.headers);

    const token = await app.inject({ url: identityPaths.token, headers: { cookie: cookie() } });
    expect(token.statusCode).toBe(200);
    const claims = await createIdTokenVerifier(
      app.identity,
      'http://localhost:8080',
    )(token.json<{ token: string }>().token);
    expect(claims).toMatchObject({
      email: 'yasmine@example.org',
      emailVerified: true,
      displayName: 'Yasmine B.',
    });
  });
});
