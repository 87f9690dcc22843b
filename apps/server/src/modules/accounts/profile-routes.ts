import {
  accountPatterns as routes,
  ErrorBodySchema,
  LoginResponseSchema,
  PARENTAL_PIN_HEADER,
  UserProfileSchema,
  UserProfilesSchema,
  UserProfileUpdateSchema,
  UserProfileWriteSchema,
} from '@antenne/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { unrestrictedOnly } from './parental.js';
import { authErrors, personal, TenantParams, UNRESTRICTED_ONLY } from './route-docs.js';
import type { AccountsService } from './service.js';
import { sessionOf } from './session-auth.js';

const ProfileParams = Type.Object({ ...TenantParams.properties, userId: Type.String({ minLength: 1 }) });

/** The household's profiles: list, add, change (PIN included), delete, switch to. Registered in the personal scope (routes.ts). */
export const profileRoutes: FastifyPluginAsyncTypebox<{ accounts: AccountsService }> = async (
  app,
  { accounts: service },
) => {
  app.get(
    routes.profiles.pattern,
    {
      schema: {
        ...personal("The household's profiles (the owner first)"),
        params: TenantParams,
        response: { 200: UserProfilesSchema, ...authErrors },
      },
    },
    async (request) => service.listProfiles(sessionOf(request)),
  );

  app.post(
    routes.profiles.pattern,
    {
      preHandler: unrestrictedOnly('create profiles'),
      schema: {
        ...personal(
          'Adds a profile to the household (at most MAX_PROFILES): the profiles',
          UNRESTRICTED_ONLY,
        ),
        params: TenantParams,
        body: UserProfileWriteSchema,
        response: { 200: UserProfilesSchema, ...authErrors },
      },
    },
    async (request) => service.createProfile(sessionOf(request), request.body),
  );

  app.put(
    routes.profile.pattern,
    {
      schema: {
        ...personal(
          'Changes a profile; pinCode sets (4 digits) or removes (null) its PIN',
          ' A restricted profile changes only its own name and its metadata other than PrLevel (403 PROFILE_RESTRICTED).' +
            ' metadata.Reminders must be a JSON list of at most MAX_REMINDERS {channelId, startDate (epoch seconds), title (≤ 200)}' +
            ' (400 BAD_REQUEST naming the item); programmes that have started are dropped (ADR 0027).' +
            ' Changing or removing a PIN the profile has needs currentPinCode (its PIN) or currentPassword (the account password,' +
            ' checked against the identity session cookie): 403 CURRENT_PIN_REQUIRED without, INVALID_PIN_CODE / INCORRECT_CREDENTIALS' +
            ' when wrong, 429 TOO_MANY_REQUESTS after 5 wrong ones in 15 minutes.',
        ),
        params: ProfileParams,
        body: UserProfileUpdateSchema,
        response: { 200: UserProfileSchema, ...authErrors, 429: ErrorBodySchema },
      },
    },
    async (request) =>
      service.updateProfile(sessionOf(request), request.params.userId, request.body, {
        ...(request.headers.cookie === undefined ? {} : { identityCookie: request.headers.cookie }),
      }),
  );

  app.delete(
    routes.profile.pattern,
    {
      preHandler: unrestrictedOnly('delete profiles'),
      schema: {
        ...personal(
          'Deletes a profile (never the owner) and its data: the remaining profiles',
          UNRESTRICTED_ONLY,
        ),
        params: ProfileParams,
        response: { 200: UserProfilesSchema, ...authErrors },
      },
    },
    async (request) => service.deleteProfile(sessionOf(request), request.params.userId),
  );

  app.get(
    routes.selectProfile.pattern,
    {
      schema: {
        ...personal(
          'Switches to a profile: a new session; the current token is revoked',
          ` From a restricted profile, a profile with a PIN needs that PIN in ${PARENTAL_PIN_HEADER}:` +
            ' 403 PARENTAL_PIN_REQUIRED without it, INVALID_PIN_CODE when wrong, 429 TOO_MANY_REQUESTS after 5 wrong ones in 15 minutes.',
        ),
        params: ProfileParams,
        headers: Type.Object({ [PARENTAL_PIN_HEADER]: Type.Optional(Type.String({ maxLength: 32 })) }),
        response: { 200: LoginResponseSchema, ...authErrors, 429: ErrorBodySchema },
      },
    },
    async (request) =>
      service.selectProfile(sessionOf(request), request.params.userId, request.headers[PARENTAL_PIN_HEADER]),
  );
};
