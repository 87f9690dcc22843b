import { PROFILE_PROPERTY, type ConfigWeb, type Reminder, type UserProfile } from '@antenne/contract';
import type { SessionProfile } from '../state/session-store';
import { updateProfile } from './auth';

type Bu = Pick<ConfigWeb, 'customer' | 'businessUnit' | 'exposureBaseUrl'>;

/**
 * Saves the profile's reminders (the profile property Reminders, spec part 1 §3): the whole
 * metadata map goes back with Reminders replaced (PUT user/profile/{id} replaces the map). The
 * answer is the profile as the server keeps it (past reminders dropped).
 */
export function saveReminders(
  config: Bu,
  token: string,
  profile: SessionProfile,
  reminders: readonly Reminder[],
): Promise<UserProfile> {
  const metadata: Record<string, string> = {};
  for (const { name, value } of profile.profileProperties) metadata[name] = value;
  metadata[PROFILE_PROPERTY.reminders] = JSON.stringify(reminders);
  return updateProfile(config, token, profile.externalId, { metadata });
}
