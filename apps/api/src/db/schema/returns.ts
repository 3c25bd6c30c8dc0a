import { sql } from 'drizzle-orm'
import {
  bigserial,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core'
import { salesHeaders } from './orders.ts'

/** Raw bytes (PostgreSQL bytea), as Buffer on both drivers. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
})

/**
 * The shop's return rules (issue 40, decision 055): one row (id 1). The window in days after
 * delivery, and where a parcel goes back.
 */
export const returnSettings = pgTable(
  'return_settings',
  {
    id: smallint('id').primaryKey().default(1),
    windowDays: integer('window_days').notNull().default(7),
    shipToName: text('ship_to_name').notNull(),
    shipToPhone: varchar('ship_to_phone', { length: 20 }).notNull(),
    shipToAddress: text('ship_to_address').notNull(),
    instructions: text('instructions').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('return_settings_one', sql`${t.id} = 1`),
    check('return_settings_window', sql`${t.windowDays} between 0 and 90`),
  ],
)

/**
 * A return or size exchange of a delivered order (issue 40). Each move of `status` is one guarded
 * update (`where status = <from>`), with a return_events row and an audit row in its transaction.
 * Refund amounts are fixed at receipt from the accepted units (refund_amount, delivery_fee_refund);
 * refund_state follows the money: pending (to pay), failed (the provider refused; retry), done.
 */
export const returns = pgTable(
  'returns',
  {
    id: serial('id').primaryKey(),
    returnNumber: varchar('return_number', { length: 32 }).notNull().unique(),
    idSalesHeader: varchar('id_sales_header', { length: 36 })
      .notNull()
      .references(() => salesHeaders.idSalesHeader, { onDelete: 'restrict' }),
    /** The buyer (member or phone guest) who asked: only they see it. */
    idPelanggan: integer('id_pelanggan').notNull(),
    /** Copied from the order when asked (the queue lists and searches by them without reading orders). */
    salesOrderNumber: varchar('sales_order_number', { length: 32 }).notNull(),
    buyerName: text('buyer_name').notNull(),
    isGuest: boolean('is_guest').notNull().default(false),
    status: varchar('status', { length: 16 }).notNull().default('REQUESTED'),
    resolution: varchar('resolution', { length: 8 }).notNull(),
    note: text('note'),
    /** en or id: the language its messages are written in (the request's). */
    language: varchar('language', { length: 2 }).notNull().default('en'),
    /** BANK_TRANSFER refunds: { bank, number, holder } as the buyer gave them. */
    refundAccount: jsonb('refund_account').$type<{ bank: string; number: string; holder: string }>(),
    rejectReason: text('reject_reason'),
    buyerCourier: varchar('buyer_courier', { length: 32 }),
    buyerNoResi: varchar('buyer_no_resi', { length: 64 }),
    buyerSentAt: timestamp('buyer_sent_at', { withTimezone: true }),
    exchangeCourier: varchar('exchange_courier', { length: 32 }),
    exchangeNoResi: varchar('exchange_no_resi', { length: 64 }),
    /** PROVIDER or BANK_TRANSFER (REFUND only). */
    refundMethod: varchar('refund_method', { length: 16 }),
    /** Lines' refunds plus the delivery fee's, fixed at receipt. */
    refundAmount: integer('refund_amount'),
    deliveryFeeRefund: integer('delivery_fee_refund').notNull().default(0),
    refundState: varchar('refund_state', { length: 8 }),
    refundReference: text('refund_reference'),
    refundError: text('refund_error'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'returns_status',
      sql`${t.status} in ('REQUESTED', 'APPROVED', 'REJECTED', 'RECEIVED', 'REFUNDED', 'EXCHANGE_SHIPPED', 'CLOSED', 'CANCELLED')`,
    ),
    check('returns_resolution', sql`${t.resolution} in ('REFUND', 'EXCHANGE')`),
    check(
      'returns_refund_method',
      sql`${t.refundMethod} is null or ${t.refundMethod} in ('PROVIDER', 'BANK_TRANSFER')`,
    ),
    check(
      'returns_refund_state',
      sql`${t.refundState} is null or ${t.refundState} in ('pending', 'failed', 'done')`,
    ),
    check('returns_amounts', sql`coalesce(${t.refundAmount}, 0) >= 0 and ${t.deliveryFeeRefund} >= 0`),
    index('returns_customer_idx').on(t.idPelanggan, t.createdAt),
    index('returns_order_idx').on(t.idSalesHeader),
    index('returns_status_idx').on(t.status, t.createdAt),
    uniqueIndex('returns_exchange_resi_uq')
      .on(t.exchangeNoResi)
      .where(sql`${t.exchangeNoResi} is not null`),
  ],
)

/**
 * A return's lines: one per order line, with what was asked, what arrived, the exchange's size and
 * the units of it held for the buyer now (held_qty, through inventory's hold), and the refund.
 */
export const returnLines = pgTable(
  'return_lines',
  {
    id: serial('id').primaryKey(),
    idReturn: integer('id_return')
      .notNull()
      .references(() => returns.id, { onDelete: 'cascade' }),
    idSalesLine: integer('id_sales_line').notNull(),
    position: integer('position').notNull().default(0),
    skuProduct: varchar('sku_product', { length: 80 }).notNull(),
    productCode: varchar('product_code', { length: 64 }).notNull(),
    productMasterName: text('product_master_name').notNull(),
    ukuran: varchar('ukuran', { length: 32 }).notNull(),
    urlImage: text('url_image').notNull().default(''),
    qty: integer('qty').notNull(),
    reason: varchar('reason', { length: 16 }).notNull(),
    exchangeSku: varchar('exchange_sku', { length: 80 }),
    exchangeUkuran: varchar('exchange_ukuran', { length: 32 }),
    acceptedQty: integer('accepted_qty'),
    notAcceptedReason: text('not_accepted_reason'),
    idWarehouse: integer('id_warehouse'),
    refundAmount: integer('refund_amount').notNull().default(0),
  },
  (t) => [
    uniqueIndex('return_lines_line_uq').on(t.idReturn, t.idSalesLine),
    index('return_lines_sales_line_idx').on(t.idSalesLine),
    check(
      'return_lines_qty',
      sql`${t.qty} > 0 and (${t.acceptedQty} is null or ${t.acceptedQty} between 0 and ${t.qty})`,
    ),
    check(
      'return_lines_reason',
      sql`${t.reason} in ('TOO_SMALL', 'TOO_BIG', 'DEFECT', 'WRONG_ITEM', 'NOT_AS_PICTURED', 'CHANGED_MIND')`,
    ),
    check('return_lines_refund', sql`${t.refundAmount} >= 0`),
  ],
)

/** Each move of a return: who, when, from, to, why. */
export const returnEvents = pgTable(
  'return_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    idReturn: integer('id_return')
      .notNull()
      .references(() => returns.id, { onDelete: 'cascade' }),
    fromStatus: varchar('from_status', { length: 16 }),
    toStatus: varchar('to_status', { length: 16 }).notNull(),
    actor: varchar('actor', { length: 300 }).notNull(),
    note: text('note'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('return_events_return_idx').on(t.idReturn, t.at)],
)

/** A return's photos: re-encoded like a review's (no byte the buyer sent is served), /media/return/{key}.webp. */
export const returnPhotos = pgTable(
  'return_photos',
  {
    key: varchar('key', { length: 32 }).primaryKey(),
    idReturn: integer('id_return')
      .notNull()
      .references(() => returns.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    contentType: varchar('content_type', { length: 32 }).notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    storage: varchar('storage', { length: 16 }).$type<'database' | 's3'>().notNull().default('database'),
    bytes: bytea('bytes'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('return_photos_return_idx').on(t.idReturn, t.position),
    check('return_photos_position', sql`${t.position} between 1 and 3`),
  ],
)
