import { and, asc, count, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm'
import { AppError, MAX_ALERTS, type Alert, type AlertCreateBody } from '@busana/contract/schemas'
import type { Db } from '../../db/client.ts'
import { memberAlerts } from '../../db/schema/index.ts'
import { productFacts, productsFacts } from '../catalog/index.ts'
import { publish } from '../events/index.ts'
import { memberContacts } from '../members/index.ts'

/**
 * A member's alerts (issue 42, decision 056): asked for, listed and turned off by her; spent by the
 * events that make them true (a size back in stock, a price below the one she saw), each spent
 * alert announced as `alerts.alert_spent` for the senders (`senders.ts`).
 */

type Row = typeof memberAlerts.$inferSelect

/** Alerts spent in one transaction: 1,000 members waiting for one size go in a few short ones. */
const SPEND_BATCH = 50

/** An alert as the API answers it, with its product's name and size. */
async function asAlerts(db: Db, rows: readonly Row[]): Promise<Alert[]> {
  const facts = await productsFacts(
    db,
    rows.map((row) => row.productCode),
  )
  return rows.map((row) => {
    const product = facts.get(row.productCode)
    return {
      id: String(row.id),
      kind: row.kind as Alert['kind'],
      product_code: row.productCode,
      product_name: product?.productName ?? row.productCode,
      sku_product: row.skuProduct,
      ukuran: row.skuProduct
        ? (product?.sizes.find((size) => size.skuProduct === row.skuProduct)?.ukuran ?? null)
        : null,
      price_then: row.priceThen,
      created_at: row.createdAt.toISOString(),
    }
  })
}

/** The member's waiting alerts, newest first (GET /api/v1/member/alerts). */
export async function listAlerts(db: Db, idPelanggan: number): Promise<Alert[]> {
  const rows = await db
    .select()
    .from(memberAlerts)
    .where(and(eq(memberAlerts.idPelanggan, idPelanggan), isNull(memberAlerts.spentAt)))
    .orderBy(desc(memberAlerts.createdAt), desc(memberAlerts.id))
  return asAlerts(db, rows)
}

/**
 * Asks for an alert (POST /api/v1/member/alerts). BACK_IN_STOCK needs a size of the product that
 * is out of stock (ALR002 when it can be bought, ALR004 when it is not the product's); PRICE_DROP
 * keeps the price she sees now. An unknown or draft product is 404 CAT001. Asking again for one
 * that waits answers it unchanged; more than MAX_ALERTS waiting is ALR003. The member's row lock
 * makes the count exact when she asks twice at once.
 */
export async function createAlert(
  db: Db,
  idPelanggan: number,
  body: AlertCreateBody,
  language: 'en' | 'id',
): Promise<Alert> {
  const product = await productFacts(db, body.product_code)
  if (!product) throw new AppError('CAT001')
  let sku: string | null = null
  if (body.kind === 'BACK_IN_STOCK') {
    const size = product.sizes.find((s) => s.skuProduct === body.sku_product)
    if (!size) throw new AppError('ALR004')
    if (size.stock > 0) throw new AppError('ALR002')
    sku = size.skuProduct
  }
  const row = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ALERT_LOCK}, ${idPelanggan})`)
    const [same] = await tx
      .select()
      .from(memberAlerts)
      .where(
        and(
          eq(memberAlerts.idPelanggan, idPelanggan),
          eq(memberAlerts.kind, body.kind),
          eq(memberAlerts.productCode, product.productCode),
          sku === null ? isNull(memberAlerts.skuProduct) : eq(memberAlerts.skuProduct, sku),
          isNull(memberAlerts.spentAt),
        ),
      )
    if (same) return same
    const [waiting] = await tx
      .select({ n: count() })
      .from(memberAlerts)
      .where(and(eq(memberAlerts.idPelanggan, idPelanggan), isNull(memberAlerts.spentAt)))
    if ((waiting?.n ?? 0) >= MAX_ALERTS) throw new AppError('ALR003')
    const [created] = await tx
      .insert(memberAlerts)
      .values({
        idPelanggan,
        kind: body.kind,
        productCode: product.productCode,
        skuProduct: sku,
        language,
        priceThen: body.kind === 'PRICE_DROP' ? product.sellingPrice : null,
      })
      .returning()
    return created!
  })
  return (await asAlerts(db, [row]))[0]!
}

/** Advisory lock class of a member's alerts (with her id): her asks run one at a time. */
const ALERT_LOCK = 42_042

/** Turns off one of her waiting alerts (DELETE /api/v1/member/alerts/{id}); 404 ALR001 for any other. */
export async function deleteAlert(db: Db, idPelanggan: number, id: number): Promise<void> {
  const removed = await db
    .delete(memberAlerts)
    .where(
      and(eq(memberAlerts.id, id), eq(memberAlerts.idPelanggan, idPelanggan), isNull(memberAlerts.spentAt)),
    )
    .returning({ id: memberAlerts.id })
  if (removed.length === 0) throw new AppError('ALR001')
}

/**
 * Spends the waiting alerts `which` selects whose members may hear of it (marketing messages on,
 * account enabled), SPEND_BATCH per transaction (each after `quiet`, when given), each announced as `alerts.alert_spent` in the
 * transaction that spends it. Alerts of members who turned the messages off keep waiting. Answers
 * how many were spent.
 */
async function spend(
  db: Db,
  eventId: number,
  which: ReturnType<typeof and>,
  priceNow: number | null,
  quiet?: () => Promise<void>,
): Promise<number> {
  let spent = 0
  let after = 0
  for (;;) {
    // Each batch waits for a quiet moment while the process is busy with shoppers (alertPace).
    if (quiet) await quiet()
    const batch = await db
      .select({ id: memberAlerts.id, idPelanggan: memberAlerts.idPelanggan })
      .from(memberAlerts)
      .where(and(which, isNull(memberAlerts.spentAt), sql`${memberAlerts.id} > ${after}`))
      .orderBy(asc(memberAlerts.id))
      .limit(SPEND_BATCH)
    if (batch.length === 0) return spent
    after = batch[batch.length - 1]!.id
    const contacts = await memberContacts(
      db,
      batch.map((row) => row.idPelanggan),
    )
    const ids = batch.filter((row) => contacts.get(row.idPelanggan)?.marketingMessages).map((row) => row.id)
    if (ids.length === 0) continue
    await db.transaction(async (tx) => {
      // Guarded by spent_at: an alert turned off or spent meanwhile is not spent again.
      const now = await tx
        .update(memberAlerts)
        .set({ spentAt: new Date(), spentEvent: eventId, priceNow })
        .where(and(inArray(memberAlerts.id, ids), isNull(memberAlerts.spentAt)))
        .returning({ id: memberAlerts.id })
      await publish(
        tx,
        'alerts.alert_spent',
        now.map((row) => ({ id_alert: row.id })),
      )
      spent += now.length
    })
  }
}

/**
 * `inventory.available_again { sku }`: when the size can be bought now (it may have sold out again
 * before the event is handled: then its alerts keep waiting), its BACK_IN_STOCK alerts are spent.
 */
export async function onAvailableAgain(
  db: Db,
  eventId: number,
  sku: string,
  quiet?: () => Promise<void>,
): Promise<number> {
  const [row] = await db
    .select({ productCode: memberAlerts.productCode })
    .from(memberAlerts)
    .where(and(eq(memberAlerts.skuProduct, sku), isNull(memberAlerts.spentAt)))
    .limit(1)
  if (!row) return 0
  const product = (await productsFacts(db, [row.productCode])).get(row.productCode)
  if (!product?.sizes.find((size) => size.skuProduct === sku)?.buyable) return 0
  return spend(
    db,
    eventId,
    and(eq(memberAlerts.kind, 'BACK_IN_STOCK'), eq(memberAlerts.skuProduct, sku)),
    null,
    quiet,
  )
}

/**
 * `catalog.price_dropped { product_code }`: the product's PRICE_DROP alerts whose price then is
 * above the price now are spent, with the price now.
 */
export async function onPriceDropped(
  db: Db,
  eventId: number,
  productCode: string,
  quiet?: () => Promise<void>,
): Promise<number> {
  const product = (await productsFacts(db, [productCode])).get(productCode)
  if (!product) return 0
  return spend(
    db,
    eventId,
    and(
      eq(memberAlerts.kind, 'PRICE_DROP'),
      eq(memberAlerts.productCode, productCode),
      lt(sql`${product.sellingPrice}`, memberAlerts.priceThen),
    ),
    product.sellingPrice,
    quiet,
  )
}

/** Waiting BACK_IN_STOCK alerts per size of some products (the back office's product page). */
export async function waitingBySize(db: Db, productCodes: readonly string[]): Promise<Map<string, number>> {
  if (productCodes.length === 0) return new Map()
  const rows = await db
    .select({ sku: memberAlerts.skuProduct, n: count() })
    .from(memberAlerts)
    .where(
      and(
        inArray(memberAlerts.productCode, [...productCodes]),
        eq(memberAlerts.kind, 'BACK_IN_STOCK'),
        isNull(memberAlerts.spentAt),
      ),
    )
    .groupBy(memberAlerts.skuProduct)
  return new Map(rows.map((row) => [row.sku!, Number(row.n)]))
}

/** A spent alert with what its message says, or undefined when it is gone. */
export async function spentAlert(db: Db, id: number) {
  return (await spentAlerts(db, [id])).get(id)
}

/** What `spentAlert` answers for one alert. */
export type SpentAlert = NonNullable<Awaited<ReturnType<typeof spentAlertOf>>>

/**
 * Spent alerts with what their messages say, by id, in three statements however many (the sender
 * reads the alerts its handlers hold at once together, issue 42); an alert gone, not spent, or whose
 * product or member is gone has no entry.
 */
export async function spentAlerts(db: Db, ids: readonly number[]): Promise<Map<number, SpentAlert>> {
  const found = new Map<number, SpentAlert>()
  if (ids.length === 0) return found
  const rows = (
    await db
      .select()
      .from(memberAlerts)
      .where(inArray(memberAlerts.id, [...ids]))
  ).filter((row) => row.spentAt)
  if (rows.length === 0) return found
  const [products, contacts] = await Promise.all([
    productsFacts(db, [...new Set(rows.map((row) => row.productCode))]),
    memberContacts(db, [...new Set(rows.map((row) => row.idPelanggan))]),
  ])
  for (const row of rows) {
    const spent = spentAlertOf(row, products, contacts)
    if (spent) found.set(row.id, spent)
  }
  return found
}

function spentAlertOf(
  row: typeof memberAlerts.$inferSelect,
  products: Awaited<ReturnType<typeof productsFacts>>,
  contacts: Awaited<ReturnType<typeof memberContacts>>,
) {
  const product = products.get(row.productCode)
  if (!product) return undefined
  const contact = contacts.get(row.idPelanggan)
  if (!contact) return undefined
  const size = row.skuProduct ? product.sizes.find((s) => s.skuProduct === row.skuProduct) : undefined
  return { row, product, size, contact }
}
