import type { DashboardAccess, DashboardReport } from '@antenne/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Executor } from '../../db/transaction.js';
import { ApiError } from '../../lib/errors.js';
import { findHouseholdsByEmail, isRestrictedRow, type SessionContext } from '../accounts/index.js';
import { reportRange, utcDay } from './range.js';
import * as repo from './repository.js';
import { daysOf, type DashboardSources, type DayRange } from './sources.js';

export interface DashboardServiceOptions {
  db: Executor;
  sources: DashboardSources;
  /** The clock "today" is read from (ms since the epoch). */
  clock?: () => number;
}

/**
 * The staff dashboard (issue 17): who may open it, and its report — the analytics module's
 * audience, the crash reports and the display ads' figures put together over one span of days.
 */
export class DashboardService {
  private readonly db: Executor;
  private readonly sources: DashboardSources;
  private readonly clock: () => number;

  constructor(options: DashboardServiceOptions) {
    this.db = options.db;
    this.sources = options.sources;
    this.clock = options.clock ?? Date.now;
  }

  /**
   * Staff: the household holds the role and the session's profile is not a restricted one (a
   * child's profile of a staff household does not open the broadcaster's figures).
   */
  private async isStaff(session: SessionContext): Promise<boolean> {
    if (isRestrictedRow(session.profile)) return false;
    return repo.isStaffMember(this.db, session.household.id);
  }

  async access(session: SessionContext): Promise<DashboardAccess> {
    return { staff: await this.isStaff(session) };
  }

  /** The report over the span asked (see reportRange), for staff only (else 403 FORBIDDEN). */
  async report(session: SessionContext, query: { from?: string; to?: string }): Promise<DashboardReport> {
    if (!(await this.isStaff(session)))
      throw new ApiError(403, 'FORBIDDEN', 'the dashboard is for staff accounts, on an unrestricted profile');
    const range = reportRange(query, utcDay(this.clock()));
    return composeReport(range, this.sources);
  }
}

/**
 * One report from the three sources: the audience as the analytics module gives it, with the crash
 * reports' counts in `errors[].crashes` (one row per day of the span) and their list in `crashes`,
 * and the ads' figures under `ads`.
 */
export async function composeReport(range: DayRange, sources: DashboardSources): Promise<DashboardReport> {
  const [audience, crashes, ads] = await Promise.all([
    sources.audience.report(range),
    sources.crashes.report(range),
    sources.ads.report(range),
  ]);
  const playbackErrors = new Map(audience.errors.map((row) => [row.day, row.playbackErrors]));
  const crashCounts = new Map(crashes.daily.map((row) => [row.day, row.crashes]));
  return {
    from: range.from,
    to: range.to,
    ...audience,
    errors: daysOf(range).map((day) => ({
      day,
      playbackErrors: playbackErrors.get(day) ?? 0,
      crashes: crashCounts.get(day) ?? 0,
    })),
    crashes: crashes.crashes,
    ads,
  };
}

// Administration ------------------------------------------------------------------------------

/** A refusal of the staff:grant command (unknown or ambiguous email): its message is for the operator. */
export class StaffGrantError extends Error {
  override readonly name = 'StaffGrantError';
}

/**
 * Grants (or with `revoke`, revokes) the staff role of the account of this email (case ignored).
 * The account must exist: its holder signs in once first. `changed` is false when it already was so.
 */
export async function setStaffRole(
  db: Kysely<Database>,
  email: string,
  { revoke = false, now = Date.now() }: { revoke?: boolean; now?: number } = {},
): Promise<{ householdId: string; staff: boolean; changed: boolean }> {
  const households = await findHouseholdsByEmail(db, email.trim());
  if (households.length === 0)
    throw new StaffGrantError(`no account with the email ${email} (its holder signs in once first)`);
  if (households.length > 1) {
    throw new StaffGrantError(
      `${households.length} accounts have the email ${email}: ${households.map((h) => h.id).join(', ')}`,
    );
  }
  const householdId = (households[0] as { id: string }).id;
  const changed = revoke
    ? await repo.deleteStaffMember(db, householdId)
    : await repo.insertStaffMember(db, householdId, new Date(now).toISOString());
  return { householdId, staff: !revoke, changed };
}
