import type { UserProfile } from '@antenne/contract';
import { parseJson } from './core.js';
import { isRestrictedRow } from './parental.js';
import { shownMetadata } from './reminders.js';
import type { HouseholdRow, ProfileRow } from './repository.js';

/**
 * A profile as the API shows it; `active` marks the session's own profile; the PIN is only
 * `hasPinCode`; Reminders holds only programmes starting after `nowMs` (ADR 0027).
 */
export function toUserProfile(
  household: HouseholdRow,
  profile: ProfileRow,
  currentProfileId: string,
  nowMs: number,
): UserProfile {
  const owner = Number(profile.owner) === 1;
  const out: UserProfile = {
    userId: profile.id,
    username: household.email,
    displayName: profile.display_name,
    created: profile.created_at,
    metadata: shownMetadata(parseJson<Record<string, string>>(profile.metadata, {}), nowMs),
    active: profile.id === currentProfileId,
    owner,
    child: Number(profile.child) === 1,
    hasPinCode: profile.pin_hash !== null,
    restricted: isRestrictedRow(profile),
  };
  // A pay-TV subscriber's household has no email (issue 19).
  if (owner && household.email !== '') out.emailAddress = household.email;
  if (profile.profile_type !== null) out.profileType = profile.profile_type;
  if (profile.language !== null) out.language = profile.language;
  return out;
}
