import { csaMinimumAge } from './playback.js';

/**
 * Parental controls (ADR 0012; spec part 1 §3, §5–§6, part 2 §4): which profile is restricted,
 * the level it is held to, and which titles are above that level. One definition for the server
 * (every refusal, the catalogue filter, the play call) and the web app (what it shows). No
 * TypeBox here: the web app imports it.
 */

/** The level (a CSA code) of a child profile that has no PrLevel of its own: « tous publics ». */
export const CHILD_PR_LEVEL = '1';

/** What the parental rules read of a profile: its child flag and its PrLevel metadata (PROFILE_PROPERTY.prLevel). */
export interface ParentalProfile {
  child?: boolean;
  prLevel?: string;
}

/** The most severe minimum age of the CSA table: a PrLevel at it lets every title through. */
const HIGHEST_MINIMUM_AGE = csaMinimumAge('7');

/**
 * The level a profile is held to (a CSA code: the most severe rating it may watch without the
 * parental PIN): its PrLevel, else CHILD_PR_LEVEL for a child profile; undefined: no limit.
 * A title rated above it (`needsParentalPin(level, csaRatingOf(ratings))`) is left out of that
 * profile's lanes, mosaics and search, and plays only with the main profile's PIN.
 */
export function profileParentalLevel({ child, prLevel }: ParentalProfile): string | undefined {
  if (prLevel !== undefined && prLevel.trim() !== '') return prLevel.trim();
  return child === true ? CHILD_PR_LEVEL : undefined;
}

/**
 * A restricted profile: a child profile, or one whose PrLevel keeps some titles from it. It may
 * change only its own name and avatar (and its own state in the other metadata keys, such as
 * Reminders); it cannot create or delete profiles, change the household's email or password,
 * delete the account, nor switch to a profile that has a PIN without that PIN (ADR 0012).
 */
export function isRestrictedProfile(profile: ParentalProfile): boolean {
  if (profile.child === true) return true;
  const level = profileParentalLevel(profile);
  return level !== undefined && csaMinimumAge(level) < HIGHEST_MINIMUM_AGE;
}

/** A rating as the catalogue carries it (`Asset.parentalRatings` items). */
export interface RatingEntry {
  scheme?: string;
  rating: string;
}

/** The CSA code of a title's ratings: the CSA scheme's, else the first numeric one. */
export function csaRatingOf(ratings: readonly RatingEntry[] | undefined): string | undefined {
  const list = ratings ?? [];
  return (list.find((r) => r.scheme === 'CSA') ?? list.find((r) => /^\d+$/.test(r.rating)))?.rating;
}
