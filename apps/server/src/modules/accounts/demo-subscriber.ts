import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import type { Identity } from '../identity/auth.js';
import * as repo from './repository.js';
import { newId } from './secrets.js';

/**
 * The demo broadcaster's subscriber, so that a newcomer can sign in at once and see a household of
 * two profiles. Only in the embedded mode with the demo content (never with DATABASE_URL): its
 * password is public (README).
 */
export const DEMO_SUBSCRIBER = {
  email: 'demo@antenne.example',
  password: 'Antenne-demo-2026',
  name: 'Démo Antenne',
  profiles: [
    { displayName: 'Démo', owner: true, child: false, avatar: 'avatar-1' },
    { displayName: 'Enfants', owner: false, child: true, avatar: 'avatar-2' },
  ],
} as const;

/**
 * Creates the demo subscriber unless its address already has an identity (then nothing changes:
 * a newcomer who changed its password keeps it). Verified, with its household and profiles.
 * Returns whether it was created.
 */
export async function seedDemoSubscriber(identity: Identity, db: Kysely<Database>, now = () => new Date()): Promise<boolean> {
  const ctx = await identity.$context;
  if (await ctx.internalAdapter.findUserByEmail(DEMO_SUBSCRIBER.email)) return false;
  const user = await ctx.internalAdapter.createUser(
    { email: DEMO_SUBSCRIBER.email, name: DEMO_SUBSCRIBER.name, emailVerified: true, language: 'fr' },
    { method: 'admin' },
  );
  await ctx.internalAdapter.linkAccount({
    userId: user.id,
    providerId: 'credential',
    accountId: user.id,
    password: await ctx.password.hash(DEMO_SUBSCRIBER.password),
  });
  const created = now().toISOString();
  await inTransaction(db, async (trx) => {
    const householdId = newId('acc');
    await repo.insertHouseholdIfAbsent(trx, { id: householdId, identity_user_id: user.id, email: DEMO_SUBSCRIBER.email, status: 'ACTIVE', created_at: created });
    for (const profile of DEMO_SUBSCRIBER.profiles) {
      await repo.insertProfile(trx, {
        id: newId('usr'),
        household_id: householdId,
        display_name: profile.displayName,
        owner: profile.owner ? 1 : 0,
        child: profile.child ? 1 : 0,
        profile_type: null,
        language: 'fr',
        metadata: JSON.stringify({ avatar: profile.avatar }),
        pin_hash: null,
        created_at: created,
      });
    }
  });
  return true;
}
