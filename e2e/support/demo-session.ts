import { accountPaths, IDENTITY_USERNAME_PREFIX, identityPaths } from '@antenne/contract';

/** The demo subscriber of the README (embedded mode seeds it). */
export const DEMO_SUBSCRIBER = { email: 'demo@antenne.example', password: 'Antenne-demo-2026' };
const TENANT = { customer: 'antenne', businessUnit: 'monde' };

/**
 * An Exposure session token of the demo subscriber (its main profile), obtained the way the web
 * app does: sign in at the identity service, take its ID token, exchange it at firebaseLogin.
 * `origin` is the browser origin the identity service trusts (PUBLIC_URL).
 */
export async function demoSessionToken(url: string, origin = url): Promise<string> {
  const signIn = await fetch(`${url}${identityPaths.signInEmail}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify(DEMO_SUBSCRIBER),
  });
  if (signIn.status !== 200) throw new Error(`demo sign-in: ${signIn.status} ${await signIn.text()}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';', 1)[0])
    .join('; ');
  const tokenAnswer = await fetch(`${url}${identityPaths.token}`, { headers: { cookie, origin } });
  const { token } = (await tokenAnswer.json()) as { token: string };
  const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
    sub: string;
  };
  const login = await fetch(`${url}${accountPaths.firebaseLogin(TENANT)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username: `${IDENTITY_USERNAME_PREFIX}${claims.sub}`,
      accessToken: token,
      device: { deviceId: 'e2e-demo-session', name: 'web-11-e2e', type: 'WEB' },
    }),
  });
  if (login.status !== 200) throw new Error(`firebaseLogin: ${login.status} ${await login.text()}`);
  return ((await login.json()) as { sessionToken: string }).sessionToken;
}
