import { setStaffRole, StaffGrantError } from '../modules/dashboard/index.js';
import { onConfiguredDatabase } from './on-configured-database.js';

/**
 * `node dist/cli/staff-grant.js <email> [--revoke]`: grants the staff role (the dashboard, issue 17)
 * to the account of that email, or revokes it, on the configured database (as cli/household-status.ts).
 * The account must exist (its holder signs in once first). Exit codes: 0 done, 1 unknown email or
 * failure, 2 wrong usage.
 */
const USAGE = 'usage: staff-grant <email> [--revoke]';

const args = process.argv.slice(2);
const revoke = args.includes('--revoke');
const rest = args.filter((arg) => arg !== '--revoke');
const email = rest[0];
if (email === undefined || rest.length !== 1 || email.trim() === '' || email.startsWith('-')) {
  console.error(USAGE);
  process.exitCode = 2;
} else {
  await onConfiguredDatabase(
    async (db) => {
      const result = await setStaffRole(db, email, { revoke });
      const state = result.staff ? 'staff' : 'not staff';
      console.log(
        `account ${result.householdId} (${email}): ${result.changed ? `now ${state}` : `already ${state}`}`,
      );
    },
    (error) => error instanceof StaffGrantError,
  );
}
