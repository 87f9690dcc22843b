import type { Executor } from '../../db/transaction.js';
import * as repo from './repository.js';
import { addSubscriber } from './test-distributor.js';

/**
 * The test distributor's demo subscriber (issue 19), so that a newcomer signs in as a US viewer
 * at once. Only in the embedded mode with the demo content (never with DATABASE_URL), as the demo
 * account: its password is public (README). Its package includes the network's US service.
 */
export const DEMO_TV_SUBSCRIBER = { username: 'demo-us', password: 'Antenne-us-2026' } as const;

/** Adds the demo subscriber unless its username exists (a changed one is kept). Returns whether it was added. */
export async function seedDemoTvSubscriber(db: Executor, now = () => new Date()): Promise<boolean> {
  if ((await repo.findSubscriberByUsername(db, DEMO_TV_SUBSCRIBER.username)) !== undefined) return false;
  await addSubscriber(db, { ...DEMO_TV_SUBSCRIBER, includesNetwork: true }, now);
  return true;
}
