import { eq } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import { AppError, type ErrorCode } from '@busana/contract/schemas'
import { notifyChanged } from '../../cache-invalidation.ts'
import type { Db, Transaction } from '../../db/client.ts'
import { recordAudit, type AuditActor, type AuditEntry } from '../staff/index.ts'

/**
 * The one audited create, update and delete of the back office's content (issue 14, decision 035):
 * every change runs in one transaction with its audit row and a `catalog` change notice (decision
 * 016: every process drops its cached answers and pages at commit; nothing on rollback).
 */

/** Writes the audit row and announces the change, in the change's own transaction. */
export async function changed(tx: Transaction, actor: AuditActor, entry: AuditEntry) {
  await recordAudit(tx, actor, entry)
  await notifyChanged(tx, 'catalog')
}

/**
 * The fields of `after` that differ from `before` (the audit row's `changes`): the API's field
 * names (name_en, konten_id…), as the back office shows them; HTML is noted, not copied; an
 * instant as its ISO string.
 */
export function diff(before: Record<string, unknown>, after: Record<string, unknown>) {
  const moved: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(after)) {
    if (value === undefined || before[key] === value) continue
    const was = before[key]
    if (value instanceof Date && was instanceof Date && value.getTime() === was.getTime()) continue
    const field = key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)
    moved[field] = key.startsWith('konten')
      ? { changed: true }
      : value instanceof Date && was instanceof Date
        ? { from: was.toISOString(), to: value.toISOString() }
        : { from: was, to: value }
  }
  return moved
}

/** One content table as its audited writes see it. */
export interface ContentTable<T extends PgTable, Out> {
  table: T
  /** The column the back office names a row by (its path parameter). */
  key: PgColumn
  keyOf: (row: T['$inferSelect']) => string | number
  /** The audit row's target_type. */
  targetType: string
  /** The code of a row that is not there (404). */
  missing: ErrorCode
  /** The row as the back office reads it. */
  view: (tx: Transaction, row: T['$inferSelect']) => Out | Promise<Out>
  /** The audit row's `changes` of a deletion, and of a creation unless `created` says otherwise. */
  summary: (row: T['$inferSelect']) => Record<string, unknown>
  created?: (row: T['$inferSelect']) => Record<string, unknown>
}

/** A check run in the change's transaction before it writes (a locked parent, a known brand…). */
type Check<Row> = (tx: Transaction, before: Row | undefined) => Promise<void>

/**
 * Inserts a row (a key already used: 409 STF200) after `check`, audited `content.create`, and
 * answers it as the back office reads it.
 */
export async function createAudited<T extends PgTable, Out>(
  db: Db,
  content: ContentTable<T, Out>,
  values: T['$inferInsert'],
  actor: AuditActor,
  check?: Check<T['$inferSelect']>,
): Promise<Out> {
  return db.transaction(async (tx) => {
    await check?.(tx, undefined)
    const [row] = (await tx
      .insert(content.table)
      .values(values)
      .onConflictDoNothing()
      .returning()) as T['$inferSelect'][]
    if (!row) throw new AppError('STF200')
    await changed(tx, actor, {
      action: 'content.create',
      targetType: content.targetType,
      targetId: content.keyOf(row),
      changes: (content.created ?? content.summary)(row),
    })
    return content.view(tx, row)
  })
}

/**
 * Changes the fields of `set` that are defined on the row named `key` (locked first; missing:
 * `content.missing`) after `check`, audited `content.update` with the fields that moved.
 */
export async function updateAudited<T extends PgTable, Out>(
  db: Db,
  content: ContentTable<T, Out>,
  key: string | number,
  set: Partial<T['$inferInsert']>,
  actor: AuditActor,
  check?: Check<T['$inferSelect']>,
): Promise<Out> {
  return db.transaction(async (tx) => {
    const [before] = (await tx
      .select()
      .from(content.table as PgTable)
      .where(eq(content.key, key))
      .for('update')) as T['$inferSelect'][]
    if (!before) throw new AppError(content.missing)
    await check?.(tx, before)
    const [row] = (await tx
      .update(content.table)
      .set(set)
      .where(eq(content.key, key))
      .returning()) as T['$inferSelect'][]
    await changed(tx, actor, {
      action: 'content.update',
      targetType: content.targetType,
      targetId: key,
      changes: diff(before, set),
    })
    return content.view(tx, row!)
  })
}

/**
 * Deletes the row named `key` (missing: `content.missing`), audited `content.delete`. With a
 * `check`, the row is locked and checked first (a category that still holds questions).
 */
export async function deleteAudited<T extends PgTable, Out>(
  db: Db,
  content: ContentTable<T, Out>,
  key: string | number,
  actor: AuditActor,
  check?: Check<T['$inferSelect']>,
): Promise<void> {
  await db.transaction(async (tx) => {
    let summary: Record<string, unknown> | undefined
    if (check) {
      const [before] = (await tx
        .select()
        .from(content.table as PgTable)
        .where(eq(content.key, key))
        .for('update')) as T['$inferSelect'][]
      if (!before) throw new AppError(content.missing)
      await check(tx, before)
      summary = content.summary(before)
      await tx.delete(content.table).where(eq(content.key, key))
    } else {
      const [row] = (await tx
        .delete(content.table)
        .where(eq(content.key, key))
        .returning()) as T['$inferSelect'][]
      if (!row) throw new AppError(content.missing)
      summary = content.summary(row)
    }
    await changed(tx, actor, {
      action: 'content.delete',
      targetType: content.targetType,
      targetId: key,
      changes: summary,
    })
  })
}
