import { text } from 'node:stream/consumers';
import {
  addSubscriber,
  listSubscribers,
  removeSubscriber,
  SubscriberError,
  TEST_DISTRIBUTOR_ID,
} from '../modules/tv-provider/index.js';
import { onConfiguredDatabase } from './on-configured-database.js';

/**
 * `node dist/cli/tv-provider-subscriber.js add|remove|list …` (npm run tv-provider:subscriber --):
 * the pay-TV test distributor's subscriber list (issue 19, docs/tv-provider.md), on the configured
 * database (as cli/staff-grant.ts).
 * - `add <username> [<password>] [--without-network]`: the password from the arguments or, when
 *   absent, from the standard input's first line; `--without-network`: its package lacks the
 *   network's US service (it signs in, but gets no media token: NOT_SUBSCRIBED);
 * - `remove <username>`; `list`.
 * Exit codes: 0 done, 1 refused (taken or unknown username, bad password) or failure, 2 wrong usage.
 */
const USAGE =
  'usage: tv-provider-subscriber add <username> [<password>] [--without-network] | remove <username> | list';

const args = process.argv.slice(2);
const withoutNetwork = args.includes('--without-network');
const [command, ...rest] = args.filter((arg) => arg !== '--without-network');
const usable =
  !rest.some((arg) => arg.startsWith('-')) &&
  ((command === 'add' && (rest.length === 1 || rest.length === 2)) ||
    (command === 'remove' && rest.length === 1 && !withoutNetwork) ||
    (command === 'list' && rest.length === 0 && !withoutNetwork));

if (!usable) {
  console.error(USAGE);
  process.exitCode = 2;
} else {
  await onConfiguredDatabase(
    async (db) => {
      const username = rest[0] as string;
      if (command === 'add') {
        const password = rest[1] ?? (await text(process.stdin)).split(/\r?\n/)[0] ?? '';
        await addSubscriber(db, { username, password, includesNetwork: !withoutNetwork });
        console.log(
          `${TEST_DISTRIBUTOR_ID}: added ${username} (${withoutNetwork ? 'without' : 'with'} the network)`,
        );
      } else if (command === 'remove') {
        await removeSubscriber(db, username);
        console.log(`${TEST_DISTRIBUTOR_ID}: removed ${username}`);
      } else {
        for (const subscriber of await listSubscribers(db))
          console.log(
            `${subscriber.username}\t${subscriber.includesNetwork ? 'with the network' : 'without the network'}\t${subscriber.createdAt}`,
          );
      }
    },
    (error) => error instanceof SubscriberError,
  );
}
