import type { ClearKeyLicense, ClearKeyLicenseRequest } from '@antenne/contract';
import { ApiError } from '../../../lib/errors.js';
import { invalidPlayToken, type PlayTokens } from '../play-token.js';
import type { ContentKeyStore } from './content-keys.js';

/**
 * The W3C ClearKey licence (media notes §3): the content keys of the key ids asked, each only if
 * it decrypts one of the play token's media folders. Keys in base64url without padding (Chromium
 * refuses padding); never logged.
 */
export class LicenceService {
  constructor(
    private readonly tokens: PlayTokens,
    private readonly keys: ContentKeyStore,
    private readonly clock: () => number = Date.now,
  ) {}

  /**
   * `playToken`: the request's bearer token (undefined or '' without one) → 403
   * INVALID_PLAY_TOKEN when missing, wrong or expired; a key id the token does not cover (or an
   * unknown one) → 403 NOT_ENTITLED.
   */
  license(playToken: string | undefined, request: ClearKeyLicenseRequest): ClearKeyLicense {
    const payload = playToken ? this.tokens.verify(playToken, this.clock()) : undefined;
    if (payload === undefined) throw invalidPlayToken();
    const keys = request.kids.map((kid) => {
      const keyId = Buffer.from(kid, 'base64url').toString('hex');
      const key = keyId.length === 32 ? this.keys.get(keyId) : undefined;
      // The key's id is not echoed: which keys exist is nobody else's business.
      if (key === undefined || !payload.p.includes(key.mediaPrefix)) {
        throw new ApiError(403, 'NOT_ENTITLED', 'a key id is not one of this play token’s media');
      }
      return {
        kty: 'oct' as const,
        kid: Buffer.from(key.keyId, 'hex').toString('base64url'),
        k: Buffer.from(key.key, 'hex').toString('base64url'),
      };
    });
    return { keys, type: request.type ?? 'temporary' };
  }
}
