import { PROFILE_PROPERTY } from '@antenne/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { inTransaction, type Executor } from '../../db/transaction.js';
import type { Identity } from '../identity/index.js';
import * as repo from './repository.js';
import { hashPin, newId } from './secrets.js';

/**
 * The demo broadcaster's subscriber, so that a newcomer can sign in at once and see a household of
 * two profiles. Only in the embedded mode with the demo content (never with DATABASE_URL): its
 * password is public (README). It subscribes to the demo's Subscription product (so SVOD titles
 * play; it holds no ticket, so a Transactional title such as 'film-douala-express' stays
 * NOT_ENTITLED); the owner's parental PIN is public too, and the children's profile sees only
 * "tous publics" titles without it.
 */
export const DEMO_SUBSCRIBER = {
  email: 'demo@antenne.example',
  password: 'Antenne-demo-2026',
  name: 'Démo Antenne',
  /** The owner profile's parental PIN. */
  pin: '1234',
  /** The Subscription product of the demo catalogue (packages/content products.ts). */
  subscriptionProductId: 'abonnement',
  profiles: [
    { displayName: 'Démo', owner: true, child: false, avatar: 'avatar-1', prLevel: undefined },
    // PrLevel '1' (CSA tous publics): anything rated above asks for the owner's PIN.
    { displayName: 'Enfants', owner: false, child: true, avatar: 'avatar-2', prLevel: '1' },
  ],
} as const;

/**
 * Creates the demo subscriber unless its address already has an identity (then nothing changes —
 * a newcomer who changed its password or PIN keeps it — but its subscription is added if a
 * database made before playback lacks it). Verified, with its household, profiles and
 * subscription. Returns whether it was created.
 */
export async function seedDemoSubscriber(
  identity: Identity,
  db: Kysely<Database>,
  now = () => new Date(),
): Promise<boolean> {
  const ctx = await identity.$context;
  const existing = await ctx.internalAdapter.findUserByEmail(DEMO_SUBSCRIBER.email);
  if (existing) {
    const household = await repo.findHouseholdByIdentityUser(db, existing.user.id);
    if (household !== undefined) await ensureSubscription(db, household.id, now().toISOString());
    return false;
  }
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
  const pinHash = await hashPin(DEMO_SUBSCRIBER.pin);
  await inTransaction(db, async (trx) => {
    const householdId = newId('acc');
    await repo.insertHouseholdIfAbsent(trx, {
      id: householdId,
      identity_user_id: user.id,
      email: DEMO_SUBSCRIBER.email,
      status: 'ACTIVE',
      created_at: created,
    });
    for (const profile of DEMO_SUBSCRIBER.profiles) {
      await repo.insertProfile(trx, {
        id: newId('usr'),
        household_id: householdId,
        display_name: profile.displayName,
        owner: profile.owner ? 1 : 0,
        child: profile.child ? 1 : 0,
        profile_type: null,
        language: 'fr',
        metadata: JSON.stringify(
          profile.prLevel === undefined
            ? { avatar: profile.avatar }
            : { avatar: profile.avatar, [PROFILE_PROPERTY.prLevel]: profile.prLevel },
        ),
        pin_hash: profile.owner ? pinHash : null,
        created_at: created,
      });
    }
    await ensureSubscription(trx, householdId, created);
  });
  return true;
}

/** An open-ended subscription to the demo's Subscription product, unless the household has one. */
async function ensureSubscription(db: Executor, householdId: string, start: string): Promise<void> {
  const productId = DEMO_SUBSCRIBER.subscriptionProductId;
  if (!(await repo.hasSubscription(db, householdId, productId)))
    await repo.insertOpenSubscription(db, householdId, productId, start);
}
