import { count, eq } from 'drizzle-orm'
import type { Db, Transaction } from '../../db/client.ts'
import { customers } from '../../db/schema/index.ts'

/** How many members have closed the campaign popup (`customers.is_campaign`, decision 034). */
export async function campaignSeenCount(db: Db): Promise<number> {
  const [seen] = await db.select({ n: count() }).from(customers).where(eq(customers.isCampaign, true))
  return Number(seen?.n ?? 0)
}

/**
 * Clears every member's "seen" flag of the campaign popup, in the caller's transaction (so the
 * caller's audit row commits with it): the popup opens again for everyone. Answers how many were cleared.
 */
export async function clearCampaignSeen(tx: Transaction): Promise<number> {
  const reset = await tx
    .update(customers)
    .set({ isCampaign: false })
    .where(eq(customers.isCampaign, true))
    .returning({ id: customers.idPelanggan })
  return reset.length
}
