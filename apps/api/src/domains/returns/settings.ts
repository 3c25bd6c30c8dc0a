import { eq } from 'drizzle-orm'
import type { ReturnSettings } from '@busana/contract/schemas'
import type { Db } from '../../db/client.ts'
import { returnSettings } from '../../db/schema/index.ts'
import { recordAudit, type AuditActor } from '../staff/index.ts'
import { returnSettingsOf } from './returns.service.ts'

/** PUT …/settings/returns: the one row, with its audit row (what moved) in the same transaction. */
export async function saveReturnSettings(
  db: Db,
  next: ReturnSettings,
  actor: AuditActor,
): Promise<ReturnSettings> {
  return db.transaction(async (tx) => {
    await tx.execute(`select id from return_settings where id = 1 for update`)
    const before = await returnSettingsOf(tx)
    const values = {
      windowDays: next.window_days,
      shipToName: next.ship_to_name,
      shipToPhone: next.ship_to_phone,
      shipToAddress: next.ship_to_address,
      instructions: next.instructions,
      updatedAt: new Date(),
    }
    await tx
      .insert(returnSettings)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: returnSettings.id, set: values })
    const changes = Object.fromEntries(
      (Object.keys(next) as (keyof ReturnSettings)[])
        .filter((key) => before[key] !== next[key])
        .map((key) => [key, { from: before[key], to: next[key] }]),
    )
    if (Object.keys(changes).length > 0) {
      await recordAudit(tx, actor, {
        action: 'return.settings',
        targetType: 'returns',
        targetId: 'settings',
        changes,
      })
    }
    const [row] = await tx.select().from(returnSettings).where(eq(returnSettings.id, 1))
    return { ...next, window_days: row!.windowDays }
  })
}
