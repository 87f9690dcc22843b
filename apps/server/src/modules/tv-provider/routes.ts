import {
  ErrorBodySchema,
  LoginResponseSchema,
  PrimetimeLoginRequestSchema,
  tvProviderPatterns,
} from '@antenne/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import type { Tenant } from '../../lib/business-unit.js';
import { fixedVersionScope } from '../../lib/exposure-scope.js';
import { FRAME_SCRIPT, helpPage, LOGO_SVG, pageLanguage, resultPage, signInPage } from './pages.js';
import type { TvProviderService } from './service.js';
import { MAX_PASSWORD_LENGTH, testDistributorPaths, type TestDistributor } from './test-distributor.js';

export interface TvProviderRoutesOptions {
  tenant: Tenant;
  service: TvProviderService;
  /** The test distributor, when TV_PROVIDER_TEST_DISTRIBUTOR is on: its pages and keys. */
  distributor: TestDistributor | undefined;
  /** PUBLIC_URL: the sign-in page posts the media token to this origin only. */
  publicUrl: string;
}

const LangQuery = Type.Object({ lang: Type.Optional(Type.String({ maxLength: 8 })) });
const HTML = 'text/html; charset=utf-8';
const answerOf = (description: string, type: string) => ({
  description,
  content: { [type]: { schema: { type: 'string' } } },
});
const htmlAnswer = answerOf('An HTML page', 'text/html');
const JwksSchema = Type.Object({
  keys: Type.Array(Type.Object({}, { additionalProperties: Type.String() })),
});
const FORM_BODY_LIMIT = 4096;

/**
 * The pay-TV provider sign-in (issue 19, ADR 0041): Exposure's `POST /v2/…/auth/adobePrimetimeLogin`,
 * and the test distributor's own pages under /tv-providers/antenne-test/ (sign-in form and its
 * script, logo, JWKS, help) when it is on.
 */
export const tvProviderRoutes: FastifyPluginAsyncTypebox<TvProviderRoutesOptions> = async (
  app,
  { tenant, service, distributor, publicUrl },
) => {
  await fixedVersionScope(app, { tenant, version: tvProviderPatterns.primetimeLogin.version }, (scope) => {
    scope.post(
      tvProviderPatterns.primetimeLogin.pattern,
      {
        schema: {
          tags: ['accounts'],
          summary: "Signs a pay-TV distributor's subscriber in with its media token (US visitors)",
          description:
            "Exposure `loginPrimetime`. The media token is a distributor's compact JWS (ES256): signed by an enabled " +
            'distributor (401 UNKNOWN_TV_PROVIDER for another issuer), for this requestor alone (aud) and the US resource, ' +
            'not expired (401 MEDIA_TOKEN_EXPIRED), with a jti and never used before (a token signs in or plays once); ' +
            'anything else 401 INVALID_MEDIA_TOKEN. The household of that ' +
            'subscriber is made at its first login; the session is provider-bound, which plays from the US require.',
          params: Type.Object({ customer: Type.String(), businessUnit: Type.String() }),
          body: PrimetimeLoginRequestSchema,
          response: {
            200: LoginResponseSchema,
            400: ErrorBodySchema,
            401: ErrorBodySchema,
            403: ErrorBodySchema,
            404: ErrorBodySchema,
          },
        },
      },
      async (request, reply) => {
        void reply.header('cache-control', 'private, no-store');
        return service.login(request.body);
      },
    );
  });

  if (distributor === undefined) return;
  const targetOrigin = new URL(publicUrl).origin;
  const html = (reply: FastifyReply, body: string, status = 200) =>
    reply.code(status).type(HTML).header('cache-control', 'no-store').send(body);

  const distributorPages: FastifyPluginAsyncTypebox = async (pages) => {
    // The form posts urlencoded fields; the app-wide guards then refuse NUL and lone surrogates in them.
    pages.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );

    const doc = (summary: string) => ({ tags: ['tv-provider'], summary });
    pages.get(
      testDistributorPaths.signIn,
      {
        schema: {
          ...doc("The test distributor's sign-in page (opened by the web app in a frame)"),
          querystring: LangQuery,
          response: { 200: htmlAnswer },
        },
      },
      async (request, reply) => html(reply, signInPage(pageLanguage(request.query.lang))),
    );
    pages.post(
      testDistributorPaths.signIn,
      {
        schema: {
          ...doc(
            "The test distributor's sign-in form: its media token posted to the app's window, or the form again",
          ),
          description:
            'Urlencoded `username` and `password`. Wrong credentials, or more than AUTH_SIGN_IN_LIMIT attempts a ' +
            "minute from one address: the form again (401, 429) with the error. Right ones: a page whose script posts the TvProviderMessage to PUBLIC_URL's origin (its `error` NOT_SUBSCRIBED when the package lacks the network).",
          querystring: LangQuery,
          consumes: ['application/x-www-form-urlencoded'],
          body: Type.Object({
            username: Type.String({ maxLength: 128 }),
            password: Type.String({ maxLength: MAX_PASSWORD_LENGTH }),
          }),
          response: { 200: htmlAnswer, 401: htmlAnswer, 429: htmlAnswer },
        },
      },
      async (request, reply) => {
        const lang = pageLanguage(request.query.lang);
        const { username, password } = request.body;
        const result = await distributor.signIn({ username, password, address: request.ip });
        if (result.ok)
          return html(
            reply,
            resultPage(lang, { providerId: distributor.id, targetOrigin, mediaToken: result.mediaToken }),
          );
        if (result.reason === 'NOT_SUBSCRIBED')
          return html(
            reply,
            resultPage(lang, { providerId: distributor.id, targetOrigin, error: 'NOT_SUBSCRIBED' }),
          );
        return html(
          reply,
          signInPage(lang, { error: result.reason, username }),
          result.reason === 'TOO_MANY_ATTEMPTS' ? 429 : 401,
        );
      },
    );
    pages.get(
      testDistributorPaths.frameScript,
      {
        schema: {
          ...doc("The script of the distributor's result page (posts the message to the app's window)"),
          response: { 200: answerOf('The script', 'text/javascript') },
        },
      },
      async (_request, reply) =>
        reply
          .type('text/javascript; charset=utf-8')
          .header('cache-control', 'public, max-age=300')
          .send(FRAME_SCRIPT),
    );
    pages.get(
      testDistributorPaths.logo,
      {
        schema: {
          ...doc("The test distributor's logo (SVG)"),
          response: { 200: answerOf('The logo', 'image/svg+xml') },
        },
      },
      async (_request, reply) =>
        reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(LOGO_SVG),
    );
    pages.get(
      testDistributorPaths.help,
      {
        schema: {
          ...doc("The test distributor's help page"),
          querystring: LangQuery,
          response: { 200: htmlAnswer },
        },
      },
      async (request, reply) => html(reply, helpPage(pageLanguage(request.query.lang))),
    );
    pages.get(
      testDistributorPaths.jwks,
      {
        schema: {
          ...doc("The public keys of the test distributor's media tokens (JWKS)"),
          response: { 200: JwksSchema },
        },
      },
      async (_request, reply) => {
        void reply.header('cache-control', 'public, max-age=300');
        return distributor.jwks();
      },
    );
  };
  await app.register(distributorPages);
};
