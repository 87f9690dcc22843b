import { OAuth2Server } from 'oauth2-mock-server';

/** A person as the OpenID Connect provider vouches for them (its ID token and userinfo). */
export interface OidcClaims {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
}

/** A real local OpenID Connect provider (oauth2-mock-server) on 127.0.0.1 that signs `claims` in; stop() it after. */
export async function startOidcProvider(claims: OidcClaims): Promise<OAuth2Server> {
  const provider = new OAuth2Server();
  await provider.issuer.keys.generate('RS256');
  await provider.start(0, '127.0.0.1');
  provider.service.on('beforeTokenSigning', (token) => Object.assign(token.payload, claims));
  provider.service.on('beforeUserinfo', (response) => {
    response.body = claims;
  });
  return provider;
}
