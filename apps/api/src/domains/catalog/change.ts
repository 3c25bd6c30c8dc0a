import { sql } from 'drizzle-orm'
import { AppError, type CatalogAuditAction } from '@busana/contract/schemas'
import type { Db, Transaction } from '../../db/client.ts'
import { products } from '../../db/schema/index.ts'
import { notifyChanged } from '../../cache-invalidation.ts'
import { recordAudit, type AuditActor } from '../staff/index.ts'

/** What a catalogue change writes to the audit log. */
export interface CatalogChange {
  action: CatalogAuditAction
  targetType: 'product' | 'category' | 'segment' | 'menu' | 'slider' | 'brand'
  targetId: string | number
  changes?: Record<string, unknown>
}

/**
 * Runs one catalogue change in a transaction with its audit row and the 'catalog' notification
 * (decision 016: sent at commit, so every process drops its cached answers; nothing on rollback).
 * `entry` may be a function of `work`'s result (a created row's id).
 */
export async function catalogChange<T>(
  db: Db,
  actor: AuditActor,
  entry: CatalogChange | ((result: T) => CatalogChange),
  work: (tx: Transaction) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const result = await work(tx)
    await recordAudit(tx, actor, typeof entry === 'function' ? entry(result) : entry)
    await notifyChanged(tx, 'catalog')
    return result
  })
}

/**
 * A product by code for a change, locked (FOR UPDATE) so concurrent edits of its variants and
 * prices queue up; any spelling of the code, drafts included. 404 STF100.
 */
export async function lockProduct(tx: Transaction, code: string): Promise<typeof products.$inferSelect> {
  const [row] = await tx
    .select()
    .from(products)
    .where(sql`lower(${products.productCode}) = lower(${code})`)
    .orderBy(sql`${products.productCode} = ${code} desc`)
    .limit(1)
    .for('update')
  if (!row) throw new AppError('STF100')
  return row
}
