import { and, countDistinct, eq, gt, isNull, not } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { staffAccounts, staffInvites } from '../../db/schema/index.ts'

/**
 * How many members of staff have an invitation waiting at `now`: not used, not expired, the account
 * still without a password and not disabled (the back office home's "invitations pending",
 * insights, issue 30; the staff list's state `invited`). One count.
 */
export async function pendingInvitationCount(db: Db, now: Date): Promise<number> {
  const [row] = await db
    .select({ count: countDistinct(staffInvites.staffId) })
    .from(staffInvites)
    .innerJoin(staffAccounts, eq(staffAccounts.id, staffInvites.staffId))
    .where(
      and(
        isNull(staffInvites.usedAt),
        gt(staffInvites.expiresAt, now),
        isNull(staffAccounts.passwordHash),
        not(staffAccounts.disabled),
      ),
    )
  return row?.count ?? 0
}
