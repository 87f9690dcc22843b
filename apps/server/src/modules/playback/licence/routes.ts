import {
  type ClearKeyLicense,
  ClearKeyLicenseRequestSchema,
  ClearKeyLicenseSchema,
  playbackPatterns,
} from '@antenne/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { bearerToken } from '../../accounts/index.js';
import { acceptJsonOfAnyContentType, errors, TenantParams } from '../http.js';
import type { LicenceService } from './service.js';

export interface LicenceRoutesOptions {
  licence: LicenceService;
}

const LICENSE_BODY_LIMIT = 16 * 1024;

/** The ClearKey licence (README.md). */
export const licenceRoutes: FastifyPluginAsyncTypebox<LicenceRoutesOptions> = async (app, { licence }) => {
  // shaka posts the licence request without a content type.
  acceptJsonOfAnyContentType(app);

  app.post(
    playbackPatterns.clearKeyLicense.pattern,
    {
      bodyLimit: LICENSE_BODY_LIMIT,
      schema: {
        tags: ['playback'],
        summary: 'W3C ClearKey licence for the key ids of the play token’s media',
        description:
          '`Authorization: Bearer <playToken>`. Keys in base64url without padding. 403 INVALID_PLAY_TOKEN (bad or expired token), 403 NOT_ENTITLED (a key id the token does not cover).',
        params: TenantParams,
        body: ClearKeyLicenseRequestSchema,
        response: { 200: ClearKeyLicenseSchema, ...errors },
      },
    },
    async (request, reply): Promise<ClearKeyLicense> => {
      void reply.header('cache-control', 'no-store');
      return licence.license(bearerToken(request.headers.authorization), request.body);
    },
  );
};
