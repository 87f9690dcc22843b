import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { grantHousehold, GrantError, type Grant } from '../modules/playback/grants.js';

/**
 * `node dist/cli/household-grant.js <email> subscription <productId> [--until <ISO date>]`
 * `node dist/cli/household-grant.js <email> ticket <assetId> <productId> [--until <ISO date>]`:
 * gives the household of that email a subscription (Subscription product) or a ticket for one
 * asset (Transactional or ElectronicSellThrough product), open-ended unless --until, on the
 * configured database (as cli/household-status.ts). Exit codes: 0 done, 1 refused or failure,
 * 2 wrong usage.
 */
const USAGE = [
  'usage: household-grant <email> subscription <productId> [--until <ISO date>]',
  '       household-grant <email> ticket <assetId> <productId> [--until <ISO date>]',
].join('\n');

function parse(args: string[]): { email: string; grant: Grant } | undefined {
  const untilAt = args.indexOf('--until');
  let until: string | undefined;
  if (untilAt !== -1) {
    until = args[untilAt + 1];
    if (until === undefined) return undefined;
    args = [...args.slice(0, untilAt), ...args.slice(untilAt + 2)];
  }
  const [email, kind, ...rest] = args;
  if (email === undefined || email.trim() === '') return undefined;
  const extra = until === undefined ? {} : { until };
  if (kind === 'subscription' && rest.length === 1)
    return { email, grant: { kind, productId: rest[0] as string, ...extra } };
  if (kind === 'ticket' && rest.length === 2) {
    return { email, grant: { kind, assetId: rest[0] as string, productId: rest[1] as string, ...extra } };
  }
  return undefined;
}

const parsed = parse(process.argv.slice(2));
if (parsed === undefined) {
  console.error(USAGE);
  process.exitCode = 2;
} else {
  try {
    const config = loadConfig();
    const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    try {
      const tenant = { customer: config.customer, businessUnit: config.businessUnit };
      const { householdId, id } = await grantHousehold(database.db, tenant, parsed.email, parsed.grant);
      const what =
        parsed.grant.kind === 'subscription'
          ? `subscription to ${parsed.grant.productId}`
          : `ticket for ${parsed.grant.assetId} through ${parsed.grant.productId}`;
      console.log(
        `household ${householdId} (${parsed.email}): ${what} ${id}${parsed.grant.until ? ` until ${parsed.grant.until}` : ''}`,
      );
    } finally {
      await database.destroy();
    }
  } catch (error) {
    console.error(error instanceof ConfigError || error instanceof GrantError ? error.message : error);
    process.exitCode = 1;
  }
}
