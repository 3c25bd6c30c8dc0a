import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'

/** A refunded or shipped-exchange return closes this long after its last move (the buyer can still read it). */
export const RETURN_CLOSE_AFTER_DAYS = 14

/**
 * Closes settled returns (REFUNDED, EXCHANGE_SHIPPED) whose last move is RETURN_CLOSE_AFTER_DAYS
 * old, each with its event: one statement, rows taken with SKIP LOCKED and the status guarded, so
 * several processes may run it at once and a return closes once. Answers how many closed.
 */
export async function closeSettledReturns(db: Db, now = Date.now()): Promise<number> {
  const before = new Date(now - RETURN_CLOSE_AFTER_DAYS * 24 * 60 * 60 * 1000)
  const result = await db.execute(sql`
    with due as (
      select id, status from returns
      where status in ('REFUNDED', 'EXCHANGE_SHIPPED') and updated_at < ${before}
      order by id limit 500
      for update skip locked
    ), closed as (
      update returns r set status = 'CLOSED', closed_at = ${new Date(now)}, updated_at = ${new Date(now)}
      from due where r.id = due.id and r.status = due.status
      returning r.id, due.status as from_status
    )
    insert into return_events (id_return, from_status, to_status, actor, note, at)
    select id, from_status, 'CLOSED', 'system', null, ${new Date(now)} from closed
    returning id_return`)
  return (result as unknown as { rows: unknown[] }).rows.length
}
