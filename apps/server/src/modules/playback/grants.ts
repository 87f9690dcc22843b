import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Tenant } from '../../lib/business-unit.js';
import { findHouseholdsByEmail } from '../accounts/index.js';
import * as repo from './repository.js';

/**
 * What an operator grants a household by hand (no store yet): a subscription to a Subscription
 * product, or a ticket for one asset through a Transactional or ElectronicSellThrough product.
 * Open-ended unless `until` is given. The play call reads them (service.ts).
 */

export type Grant =
  | { kind: 'subscription'; productId: string; until?: string }
  | { kind: 'ticket'; assetId: string; productId: string; until?: string };

/** A refusal of the grant command (unknown email, product or asset, wrong product type): its message is for the operator. */
export class GrantError extends Error {
  override readonly name = 'GrantError';
}

const TICKET_TYPES = ['Transactional', 'ElectronicSellThrough'];

export async function grantHousehold(
  db: Kysely<Database>,
  tenant: Tenant,
  email: string,
  grant: Grant,
  now: Date = new Date(),
): Promise<{ householdId: string; id: string }> {
  const households = await findHouseholdsByEmail(db, email.trim());
  if (households.length === 0) throw new GrantError(`no household with the email ${email}`);
  if (households.length > 1) throw new GrantError(`${households.length} households have the email ${email}`);
  const householdId = (households[0] as { id: string }).id;

  if (grant.until !== undefined && Number.isNaN(Date.parse(grant.until))) {
    throw new GrantError(`--until ${grant.until}: not an ISO date`);
  }
  const endDate = grant.until === undefined ? null : new Date(grant.until).toISOString();
  const product = (await repo.listProducts(db, tenant)).get(grant.productId);
  if (product === undefined) throw new GrantError(`unknown product ${grant.productId}`);

  if (grant.kind === 'subscription') {
    if (product.monetisationType !== 'Subscription') {
      throw new GrantError(`${grant.productId} is a ${product.monetisationType} product, not a Subscription`);
    }
    const id = `sub_${randomBytes(12).toString('hex')}`;
    await repo.insertSubscription(db, {
      id,
      household_id: householdId,
      product_id: grant.productId,
      start_date: now.toISOString(),
      end_date: endDate,
    });
    return { householdId, id };
  }

  if (!TICKET_TYPES.includes(product.monetisationType)) {
    throw new GrantError(
      `${grant.productId} is a ${product.monetisationType} product: tickets are for ${TICKET_TYPES.join(' or ')}`,
    );
  }
  if (!(await repo.assetExists(db, tenant, grant.assetId)))
    throw new GrantError(`unknown asset ${grant.assetId}`);
  const id = `tkt_${randomBytes(12).toString('hex')}`;
  await repo.insertTicket(db, {
    id,
    household_id: householdId,
    asset_id: grant.assetId,
    product_id: grant.productId,
    created_at: now.toISOString(),
    end_date: endDate,
  });
  return { householdId, id };
}
