import { and, asc, eq, isNotNull, lte } from 'drizzle-orm'
import {
  AppError,
  ORDER_ID_PATTERN,
  ORDER_STATUS_MESSAGES,
  shopIsoString,
  WAYBILL_PATTERN,
  type OrderStatus,
  type TrackingEntry,
  type TrackingSummary,
} from '@busana/contract/schemas'
import type { Config } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import { salesHeaders } from '../../db/schema/index.ts'
import type { TrackingProvider, TrackingResult } from '../../providers/tracking/tracking.ts'
import type { TutorialLanguage } from '../payments/index.ts'
import { courierOf, deliverOrder } from './fulfilment.ts'

type Log = { warn(obj: object, msg: string): void; info(obj: object, msg: string): void }

export interface TrackingContext {
  db: Db
  tracking: TrackingProvider
  config: Pick<Config, 'SHIPPING_TIMEOUT_MS' | 'TRACKING_CACHE_SECONDS' | 'WAREHOUSE_CITY_ID'>
  log: Log
}

/** Couriers' names as shoppers know them. */
const COURIER_NAMES: Record<string, string> = {
  jne: 'JNE',
  jnt: 'J&T',
  sicepat: 'SiCepat',
  anteraja: 'AnterAja',
  pos: 'POS Indonesia',
  tiki: 'TIKI',
}
export const courierName = (code: string) => COURIER_NAMES[code] ?? code.toUpperCase()

/** Where parcels leave from, for the sandbox's hubs: warehouse 1's city (WAREHOUSE_CITY_ID). */
const ORIGIN_CITIES: Record<string, string> = { '31.71': 'Jakarta Pusat' }

/** The shop's own entries beside the courier's: handed over, and a delivery staff confirmed. */
const SHOP_TEXT = {
  en: {
    shipped: (courier: string, waybill: string) =>
      `Order handed to ${courier} by the shop, waybill ${waybill}`,
    confirmed: 'Delivery confirmed by the shop',
  },
  id: {
    shipped: (courier: string, waybill: string) =>
      `Pesanan diserahkan ke ${courier} oleh toko, nomor resi ${waybill}`,
    confirmed: 'Pengiriman dikonfirmasi oleh toko',
  },
} satisfies Record<TutorialLanguage, unknown>

interface CacheEntry {
  at: number
  result: TrackingResult
}
/** Each provider's recent answers (TRACKING_CACHE_SECONDS), bounded; per process. */
const caches = new WeakMap<TrackingProvider, Map<string, CacheEntry>>()
const CACHE_LIMIT = 2000

type Shipped = typeof salesHeaders.$inferSelect & { noResi: string; shippedAt: Date }

/**
 * Another parcel of an order (issue 40: a return's exchange, sent to the order's address with the
 * order's service): its timeline, newest first, with the shop's hand-over. 503 TRK001 when the
 * courier cannot be asked; 404 ORD001 for an order that is gone.
 */
export async function trackOrderParcel(
  ctx: TrackingContext,
  idSalesHeader: string,
  parcel: { waybill: string; courier: string; shippedAt: Date },
  language: TutorialLanguage,
  now = Date.now(),
): Promise<{ entries: TrackingEntry[]; delivered: boolean; courier: string }> {
  const [order] = await ctx.db
    .select()
    .from(salesHeaders)
    .where(eq(salesHeaders.idSalesHeader, idSalesHeader))
    .limit(1)
  if (!order) throw new AppError('ORD001')
  const result = await askCourier(
    ctx,
    { ...order, noResi: parcel.waybill, shippedAt: parcel.shippedAt, shippedCourier: parcel.courier },
    language,
    now,
  )
  const events = result.events.map((event) => ({ at: event.at.getTime(), keterangan: event.description }))
  events.push({
    at: parcel.shippedAt.getTime(),
    keterangan: SHOP_TEXT[language].shipped(courierName(parcel.courier), parcel.waybill),
  })
  events.sort((a, b) => b.at - a.at)
  return {
    delivered: result.delivered,
    courier: courierName(parcel.courier),
    entries: events.map((event) => ({
      waktu: shopIsoString(new Date(event.at))!,
      keterangan: event.keterangan,
    })),
  }
}

/** The courier's answer for a shipped order, from the brief cache or the provider (503 TRK001 on failure). */
async function askCourier(
  ctx: TrackingContext,
  order: Shipped,
  language: TutorialLanguage,
  now: number,
): Promise<TrackingResult> {
  const courier = order.shippedCourier ?? courierOf(order.courierCode)
  const key = `${courier}:${order.noResi}:${language}`
  let cache = caches.get(ctx.tracking)
  if (!cache) caches.set(ctx.tracking, (cache = new Map()))
  const hit = cache.get(key)
  if (hit && now - hit.at < ctx.config.TRACKING_CACHE_SECONDS * 1000) return hit.result
  try {
    const result = await ctx.tracking.track(
      {
        waybill: order.noResi,
        courier,
        shippedAt: order.shippedAt,
        etdMin: order.etdMin,
        etdMax: order.etdMax,
        originCity: ORIGIN_CITIES[ctx.config.WAREHOUSE_CITY_ID] ?? 'Jakarta',
        destinationCity: order.city,
        destinationDistrict: order.district,
        language,
      },
      AbortSignal.timeout(ctx.config.SHIPPING_TIMEOUT_MS),
      now,
    )
    if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!)
    cache.set(key, { at: now, result })
    return result
  } catch (error) {
    ctx.log.warn(
      {
        order: order.salesOrderNumber,
        provider: ctx.tracking.name,
        error: error instanceof Error ? error.message.slice(0, 300) : String(error),
      },
      'tracking: the courier could not be asked',
    )
    throw new AppError('TRK001')
  }
}

/**
 * A shipped order's timeline (GET /member/tracking/{id}). The courier's events newest first, with
 * the shop's own: the hand-over at shipping, and a delivery staff confirmed when the courier has
 * not reported it. A courier's 'delivered' moves a Delivery order to Success (actor courier).
 */
async function timelineOf(
  ctx: TrackingContext,
  order: Shipped,
  ownOrder: boolean,
  language: TutorialLanguage,
  now: number,
): Promise<{ summary: TrackingSummary; entries: TrackingEntry[] }> {
  const result = await askCourier(ctx, order, language, now)
  let status = order.status as OrderStatus
  let deliveredAt = order.deliveredAt
  if (result.delivered && status === 'Delivery') {
    try {
      const moved = await deliverOrder(ctx.db, order.idSalesHeader, 'courier', {
        now,
        deliveredAt: result.deliveredAt ?? new Date(now),
        note: 'reported by the courier',
      })
      status = moved.status
      deliveredAt = result.deliveredAt ?? new Date(now)
    } catch (error) {
      // Another process moved it first: answer the order as it now stands.
      if (!(error instanceof AppError && error.code === 'ORD002')) throw error
      const [fresh] = await ctx.db
        .select()
        .from(salesHeaders)
        .where(eq(salesHeaders.idSalesHeader, order.idSalesHeader))
      status = fresh!.status as OrderStatus
      deliveredAt = fresh!.deliveredAt
    }
  }
  const courier = order.shippedCourier ?? courierOf(order.courierCode)
  const text = SHOP_TEXT[language]
  const events = result.events.map((event) => ({ at: event.at.getTime(), keterangan: event.description }))
  events.push({ at: order.shippedAt.getTime(), keterangan: text.shipped(courierName(courier), order.noResi) })
  if (status === 'Success' && !result.delivered && deliveredAt) {
    events.push({ at: deliveredAt.getTime(), keterangan: text.confirmed })
  }
  events.sort((a, b) => b.at - a.at)
  return {
    summary: {
      status,
      status_message: ORDER_STATUS_MESSAGES[status],
      sales_order_number: ownOrder ? order.salesOrderNumber : null,
      no_resi: order.noResi,
      courier: courierName(courier),
      paket: order.paket,
      delivered: status === 'Success',
    },
    entries: events.map((event) => ({
      waktu: shopIsoString(new Date(event.at))!,
      keterangan: event.keterangan,
    })),
  }
}

const shipped = (order: typeof salesHeaders.$inferSelect | undefined): order is Shipped =>
  !!order && !!order.noResi && !!order.shippedAt

/**
 * GET /member/tracking/{id}: `id` is the caller's own order's id_sales_header (a session is
 * needed: 401 CLE001 without; anyone else's id is 404 ORD001), or a waybill of one of the shop's
 * shipped orders (anyone holding it, as on the couriers' own sites; the order number is not told).
 * An order not shipped yet, or an unknown waybill: 404 TRK002.
 */
export async function trackOrder(
  ctx: TrackingContext,
  viewer: number | null,
  id: string,
  language: TutorialLanguage,
  now = Date.now(),
) {
  if (ORDER_ID_PATTERN.test(id)) {
    if (viewer === null) throw new AppError('CLE001')
    const [order] = await ctx.db
      .select()
      .from(salesHeaders)
      .where(and(eq(salesHeaders.idSalesHeader, id.toLowerCase()), eq(salesHeaders.idPelanggan, viewer)))
      .limit(1)
    if (!order) throw new AppError('ORD001')
    if (!shipped(order)) throw new AppError('TRK002')
    return timelineOf(ctx, order, true, language, now)
  }
  if (!WAYBILL_PATTERN.test(id)) throw new AppError('TRK002')
  const [order] = await ctx.db.select().from(salesHeaders).where(eq(salesHeaders.noResi, id)).limit(1)
  if (!shipped(order)) throw new AppError('TRK002')
  return timelineOf(ctx, order, viewer === order.idPelanggan, language, now)
}

/**
 * The delivery check (a job): asks the courier about orders on their way for over an hour, oldest
 * first, and moves the delivered ones to Success. Safe on several processes (the move is guarded).
 * Answers how many it moved.
 */
export async function runDeliveryCheck(ctx: TrackingContext, now = Date.now(), batch = 50): Promise<number> {
  const due = await ctx.db
    .select()
    .from(salesHeaders)
    .where(
      and(
        eq(salesHeaders.status, 'Delivery'),
        isNotNull(salesHeaders.noResi),
        lte(salesHeaders.shippedAt, new Date(now - 60 * 60_000)),
      ),
    )
    .orderBy(asc(salesHeaders.shippedAt))
    .limit(batch)
  let delivered = 0
  for (const order of due) {
    if (!shipped(order)) continue
    try {
      const { summary } = await timelineOf(ctx, order, true, 'en', now)
      if (summary.status === 'Success') delivered++
    } catch {
      // Logged by askCourier; asked again at the next run.
    }
  }
  return delivered
}
