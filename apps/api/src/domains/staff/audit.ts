import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm'
import { shopIsoString, type StaffAuditEntry, type StaffAuditQuery } from '@busana/contract/schemas'
import type { Db, Transaction } from '../../db/client.ts'
import { staffAccounts, staffAuditLog } from '../../db/schema/index.ts'

/** Who is making a change, from the request: the signed-in staff member, the request id and address. */
export interface AuditActor {
  staffId: number | null
  requestId: string
  ip: string
}

/** One change: what was done to which thing, and the fields that moved (never a secret). */
export interface AuditEntry {
  action: string
  /** 'staff', 'order', and the back office's areas ('product', 'category', 'menu', 'slider', 'brand', …). */
  targetType: string
  targetId: string | number
  changes?: Record<string, unknown>
}

/** Writes one audit row in the change's own transaction (decision 035). */
export async function recordAudit(tx: Db | Transaction, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await tx.insert(staffAuditLog).values({
    staffId: actor.staffId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: String(entry.targetId).slice(0, 64),
    changes: entry.changes ?? {},
    requestId: actor.requestId.slice(0, 64),
    ip: actor.ip.slice(0, 64),
  })
}

/** A date-only filter means the start of that day in the shop's time zone (+07:00). */
const instantOf = (value: string) =>
  new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00+07:00` : value)

/** One page of the audit log, newest first, filtered by staff member, action and time (to exclusive). */
export async function listAudit(
  db: Db,
  query: StaffAuditQuery,
): Promise<{ entries: StaffAuditEntry[]; totalPages: number }> {
  const filters: SQL[] = []
  if (query.staff_id !== undefined) filters.push(eq(staffAuditLog.staffId, query.staff_id))
  if (query.action !== undefined) filters.push(eq(staffAuditLog.action, query.action))
  if (query.from !== undefined) filters.push(gte(staffAuditLog.at, instantOf(query.from)))
  if (query.to !== undefined) filters.push(lt(staffAuditLog.at, instantOf(query.to)))
  const where = filters.length > 0 ? and(...filters) : undefined
  const [total] = await db.select({ n: count() }).from(staffAuditLog).where(where)
  const rows = await db
    .select({ entry: staffAuditLog, email: staffAccounts.email })
    .from(staffAuditLog)
    .leftJoin(staffAccounts, eq(staffAccounts.id, staffAuditLog.staffId))
    .where(where)
    .orderBy(desc(staffAuditLog.at), desc(staffAuditLog.id))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page)
  return {
    totalPages: Math.ceil((total?.n ?? 0) / query.per_page),
    entries: rows.map(({ entry, email }) => ({
      id: entry.id,
      at: shopIsoString(entry.at)!,
      staff_id: entry.staffId,
      staff_email: email,
      action: entry.action,
      target_type: entry.targetType,
      target_id: entry.targetId,
      changes: entry.changes,
      request_id: entry.requestId,
      ip: entry.ip,
    })),
  }
}
