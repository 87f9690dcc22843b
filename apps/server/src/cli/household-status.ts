import { HOUSEHOLD_STATUSES } from '@antenne/contract';
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { HouseholdStatusError, setHouseholdStatus } from '../modules/accounts/service.js';

/**
 * `node dist/cli/household-status.js <email> <ACTIVE|SUSPENDED_HOUSEHOLD|INACTIVE_HOUSEHOLD>`:
 * sets the status of the household of that email, on the configured database (as cli/migrate.ts).
 * A suspended or inactive household cannot sign in nor use its sessions (403 with that code).
 * Exit codes: 0 done, 1 unknown email or failure, 2 wrong usage or unknown status.
 */
const USAGE = `usage: household-status <email> <${HOUSEHOLD_STATUSES.join('|')}>`;

const [email, status, ...extra] = process.argv.slice(2);
if (email === undefined || status === undefined || extra.length > 0 || email.trim() === '') {
  console.error(USAGE);
  process.exitCode = 2;
} else if (!(HOUSEHOLD_STATUSES as readonly string[]).includes(status)) {
  console.error(`unknown status "${status}": expected one of ${HOUSEHOLD_STATUSES.join(', ')}`);
  console.error(USAGE);
  process.exitCode = 2;
} else {
  try {
    const config = loadConfig();
    const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    try {
      const result = await setHouseholdStatus(database.db, email, status);
      console.log(
        result.previous === result.status
          ? `household ${result.householdId} (${email}) is already ${result.status}`
          : `household ${result.householdId} (${email}): ${result.previous} → ${result.status}`,
      );
    } finally {
      await database.destroy();
    }
  } catch (error) {
    console.error(
      error instanceof ConfigError || error instanceof HouseholdStatusError ? error.message : error,
    );
    process.exitCode = 1;
  }
}
