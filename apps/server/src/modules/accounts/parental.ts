import {
  isRestrictedProfile,
  PROFILE_PROPERTY,
  profileParentalLevel,
  type ParentalProfile,
} from '@antenne/contract';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../lib/errors.js';
import type { ProfileRow } from './repository.js';
import type { SessionContext } from './core.js';

/**
 * The parental rules on the server's rows (ADR 0012): the contract says what a restricted profile
 * is (isRestrictedProfile) and which level it is held to (profileParentalLevel); this reads them
 * off a profile row and refuses what a restricted profile may not do.
 */

/** The child flag and PrLevel of a profile row (metadata is JSON text; a number counts as its text). */
export function parentalProfileOf(profile: Pick<ProfileRow, 'child' | 'metadata'>): ParentalProfile {
  const out: ParentalProfile = { child: Number(profile.child) === 1 };
  try {
    const value = (JSON.parse(profile.metadata) as Record<string, unknown> | null)?.[
      PROFILE_PROPERTY.prLevel
    ];
    if (typeof value === 'string') out.prLevel = value;
    else if (typeof value === 'number') out.prLevel = String(value);
  } catch {
    // Unreadable metadata: no PrLevel (the child flag still applies).
  }
  return out;
}

export const isRestrictedRow = (profile: Pick<ProfileRow, 'child' | 'metadata'>) =>
  isRestrictedProfile(parentalProfileOf(profile));

/** The level (a CSA code) the session's profile is held to, when it is restricted. */
export function restrictedLevelOf(ctx: Pick<SessionContext, 'profile'>): string | undefined {
  const parental = parentalProfileOf(ctx.profile);
  return isRestrictedProfile(parental) ? profileParentalLevel(parental) : undefined;
}

export const profileRestricted = (what: string) =>
  new ApiError(
    403,
    'PROFILE_RESTRICTED',
    `a restricted profile cannot ${what}: switch to an unrestricted profile`,
  );

/** Refuses (403 PROFILE_RESTRICTED) when the session's profile is restricted. */
export function refuseRestricted(ctx: Pick<SessionContext, 'profile'>, what: string): void {
  if (isRestrictedRow(ctx.profile)) throw profileRestricted(what);
}

/**
 * A preHandler for a route only unrestricted profiles may call (after requireSession): profile
 * creation and deletion, the household's email, the account's deletion.
 */
export function unrestrictedOnly(what: string) {
  return async (request: FastifyRequest): Promise<void> => {
    const ctx = request.accountSession;
    if (ctx === null) throw new Error('unrestrictedOnly without requireSession');
    refuseRestricted(ctx, what);
  };
}
