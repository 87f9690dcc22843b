import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { identityPaths, identityReturnPaths } from '@antenne/contract';
import type { App } from '../../src/app.js';
import { readOutbox } from '../../src/modules/mail/index.js';
import { IdentityClient, linkIn } from '../helpers/identity-client.js';
import { buildTestApp, createTestDatabase, engines, type TestDatabase } from '../helpers/test-app.js';

/**
 * Issue 30 item 10: better-auth's own error page (/identity/error: English, its own look, or in
 * production a bare redirect home) is never shown. A browser that reaches it — from a reset
 * link whose token is unknown, used or expired, or a provider's sign-in that failed — is sent to
 * the web app's page for that code, where the message is in the visitor's language.
 */
describe.each(engines)("the identity service's error page (%s)", (engine) => {
  let testDb: TestDatabase;
  let app: App;

  beforeAll(async () => {
    testDb = await createTestDatabase(engine);
    app = await buildTestApp(testDb, { config: { smtpUrl: '' } });
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.cleanup();
  });

  /**
   * A browser's navigation to `url`, redirects followed while they stay on the identity service:
   * each answer on the way, and the web app's address it ends at.
   */
  async function navigate(url: string, client = new IdentityClient(app, '198.51.100.7')) {
    const answers: { url: string; status: number; type: string | undefined }[] = [];
    let next = url;
    for (
      let hop = 0;
      hop < 5 && new URL(next, 'http://localhost:8080').pathname.startsWith('/identity/');
      hop++
    ) {
      const target = new URL(next, 'http://localhost:8080');
      const answer = await client.call('GET', target.pathname + target.search, undefined, {
        'accept-language': 'de-DE,de;q=0.9',
        accept: 'text/html',
      });
      answers.push({
        url: next,
        status: answer.statusCode,
        type: answer.headers['content-type'] as string | undefined,
      });
      if (answer.statusCode !== 302 && answer.statusCode !== 303) return { answers, landed: undefined };
      next = String(answer.headers.location);
    }
    const landed = new URL(next, 'http://localhost:8080');
    return { answers, landed: landed.pathname + landed.search };
  }

  test('a reset link whose token is unknown, and which lost its callback, lands on the reset page saying to ask for a new link', async () => {
    const { answers, landed } = await navigate('/identity/reset-password/jeton-inconnu?callbackURL=');
    expect(landed).toBe(`${identityReturnPaths.reset}&error=INVALID_TOKEN`);
    expect(answers.some(({ type }) => type?.startsWith('text/html'))).toBe(false);
  });

  test('a used reset link lands on the same page (with its callback, as the mail has it; and without)', async () => {
    const client = new IdentityClient(app, '198.51.100.8');
    const signUp = await client.call('POST', identityPaths.signUpEmail, {
      email: 'awa@example.com',
      password: 'Motdepasse1!',
      name: 'Awa',
    });
    expect(signUp.statusCode, signUp.body).toBe(200);
    const verify = linkIn((await readOutbox(testDb.options.dataDir))[0]!.text, 'verify-email');
    expect((await client.call('GET', verify.pathname + verify.search)).statusCode).toBe(302);
    const asked = await client.call('POST', identityPaths.requestPasswordReset, {
      email: 'awa@example.com',
      redirectTo: identityReturnPaths.reset,
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const link = linkIn((await readOutbox(testDb.options.dataDir))[0]!.text, 'reset-password');
    const first = await navigate(link.pathname + link.search, client);
    const token = new URL(first.landed!, 'http://x').searchParams.get('token');
    expect(
      (await client.call('POST', identityPaths.resetPassword, { token, newPassword: 'Nouveau2?mdp' }))
        .statusCode,
    ).toBe(200);
    for (const again of [link.pathname + link.search, `${link.pathname}?callbackURL=`]) {
      const { answers, landed } = await navigate(again, client);
      expect({ again, landed }).toEqual({
        again,
        landed: `${identityReturnPaths.reset}&error=INVALID_TOKEN`,
      });
      expect(answers.some(({ type }) => type?.startsWith('text/html'))).toBe(false);
    }
  });

  test("a provider's return that fails (state lost) lands on the sign-in page saying the sign-in did not complete", async () => {
    const { answers, landed } = await navigate('/identity/callback/google?state=perdu&code=abc');
    expect(landed).toBe(`${identityReturnPaths.socialFailed}&error=state_mismatch`);
    expect(answers.some(({ type }) => type?.startsWith('text/html'))).toBe(false);
  });

  test.each([
    ['INVALID_TOKEN', `${identityReturnPaths.reset}&error=INVALID_TOKEN`],
    ['account_not_linked', `${identityReturnPaths.socialFailed}&error=account_not_linked`],
    ['', `${identityReturnPaths.socialFailed}&error=UNKNOWN`],
    ['<script>alert(1)</script>', `${identityReturnPaths.socialFailed}&error=UNKNOWN`],
  ])('/identity/error?error=%s is a redirect to the web app, never the English page', async (code, page) => {
    for (const url of [
      `/identity/error?error=${encodeURIComponent(code)}`,
      ...(code === '' ? ['/identity/error'] : []),
    ]) {
      const answer = await app.inject({ url, headers: { 'accept-language': 'es', accept: 'text/html' } });
      expect({ url, status: answer.statusCode, location: answer.headers.location }).toEqual({
        url,
        status: 302,
        location: page,
      });
      expect(answer.headers['content-type']).toBeUndefined();
      expect(answer.headers['cache-control']).toBe('no-store');
    }
  });
});
