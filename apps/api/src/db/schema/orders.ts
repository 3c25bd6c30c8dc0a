import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core'
import { customers } from './members.ts'
import { vouchers } from './promotions.ts'

/**
 * Sales orders (docs/product/shopping.md §3, Order detail). id_sales_header is random (a UUID) and the order
 * number unguessable; every amount, the courier, the payment method and the recipient are copied in
 * when the order is placed, so later catalogue or address changes never rewrite an order. At most
 * one Open order per customer (SON001), enforced by a partial unique index.
 */
export const salesHeaders = pgTable(
  'sales_headers',
  {
    idSalesHeader: varchar('id_sales_header', { length: 36 }).primaryKey(),
    salesOrderNumber: varchar('sales_order_number', { length: 32 }).notNull().unique(),
    idPelanggan: integer('id_pelanggan')
      .notNull()
      .references(() => customers.idPelanggan, { onDelete: 'restrict' }),
    isGuest: boolean('is_guest').notNull().default(false),
    /** en or id: the language the order was placed in; its updates to the buyer are written in it. */
    language: varchar('language', { length: 2 }).notNull().default('en'),
    /** Open, Paid, Delivery, Success or Cancel (docs/product/account.md's order statuses). */
    status: varchar('status', { length: 16 }).notNull().default('Open'),
    idBrand: integer('id_brand'),
    idWarehouse: integer('id_warehouse').notNull().default(1),
    buyerName: text('buyer_name').notNull(),
    buyerEmail: varchar('buyer_email', { length: 254 }),
    buyerPhone: varchar('buyer_phone', { length: 20 }).notNull(),
    subtotal: integer('subtotal').notNull(),
    biayaKirim: integer('biaya_kirim').notNull(),
    packingFee: integer('packing_fee').notNull(),
    paymentFee: integer('payment_fee').notNull(),
    promoValue: integer('promo_value').notNull().default(0),
    totalBayar: integer('total_bayar').notNull(),
    idDeliveryMethod: integer('id_delivery_method').notNull(),
    /** The courier and service as shown: 'JNE REG'. */
    paket: text('paket').notNull(),
    courierCode: varchar('courier_code', { length: 32 }).notNull(),
    etdMin: integer('etd_min').notNull(),
    etdMax: integer('etd_max').notNull(),
    weightGrams: integer('weight_grams').notNull(),
    penerima: text('penerima').notNull(),
    hpPenerima: varchar('hp_penerima', { length: 20 }).notNull(),
    alamatLengkap: text('alamat_lengkap').notNull(),
    destinationCode: varchar('destination_code', { length: 8 }).notNull(),
    idAddressVillage: varchar('id_address_village', { length: 13 }),
    subdistrict: text('subdistrict').notNull(),
    district: text('district').notNull(),
    city: text('city').notNull(),
    province: text('province').notNull(),
    kodePos: varchar('kode_pos', { length: 5 }).notNull(),
    idPayment: integer('id_payment').notNull(),
    paymentName: text('payment_name').notNull(),
    paymentCode: varchar('payment_code', { length: 32 }).notNull(),
    paymentCategory: varchar('payment_category', { length: 16 }).notNull(),
    paymentLogo: text('payment_logo').notNull(),
    idPromo: integer('id_promo').references(() => vouchers.id, { onDelete: 'set null' }),
    kodePromo: varchar('kode_promo', { length: 32 }),
    noResi: varchar('no_resi', { length: 64 }),
    orderDate: timestamp('order_date', { withTimezone: true }).notNull().defaultNow(),
    /** The payment deadline: an unpaid order is cancelled after it (payments issue). */
    expiredTime: timestamp('expired_time', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** The courier carrying it ('jne'), entered with the waybill when staff ship (Paid → Delivery). */
    shippedCourier: varchar('shipped_courier', { length: 32 }),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    /** Delivery → Success: when the courier reported delivery or staff confirmed it. */
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** A Paid order cancelled: what is owed back (refund_state 'due' until staff record it refunded). */
    refundAmount: integer('refund_amount'),
    refundState: varchar('refund_state', { length: 16 }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('sales_headers_status', sql`${t.status} in ('Open', 'Paid', 'Delivery', 'Success', 'Cancel')`),
    check(
      'sales_headers_amounts',
      sql`${t.subtotal} >= 0 and ${t.biayaKirim} >= 0 and ${t.packingFee} >= 0 and ${t.paymentFee} >= 0 and ${t.promoValue} >= 0 and ${t.totalBayar} >= 0`,
    ),
    index('sales_headers_customer_idx').on(t.idPelanggan, t.orderDate),
    uniqueIndex('sales_headers_one_open_uq')
      .on(t.idPelanggan)
      .where(sql`${t.status} = 'Open'`),
    index('sales_headers_open_expiry_idx')
      .on(t.expiredTime)
      .where(sql`${t.status} = 'Open'`),
    // A waybill follows one parcel: tracking looks orders up by it.
    uniqueIndex('sales_headers_no_resi_uq')
      .on(t.noResi)
      .where(sql`${t.noResi} is not null`),
    index('sales_headers_delivery_idx')
      .on(t.shippedAt)
      .where(sql`${t.status} = 'Delivery'`),
    // The back office's home and reports (issue 30, decision 050): sales by payment time, paid
    // orders waiting to ship, refunds due, and the orders list by date.
    index('sales_headers_paid_idx')
      .on(t.paidAt)
      .where(sql`${t.paidAt} is not null`),
    index('sales_headers_to_ship_idx')
      .on(t.paidAt)
      .where(sql`${t.status} = 'Paid'`),
    index('sales_headers_refund_due_idx')
      .on(t.cancelledAt)
      .where(sql`${t.refundState} = 'due'`),
    index('sales_headers_order_date_idx').on(t.orderDate),
    // The return rate (issue 40): lines of orders delivered in a period.
    index('sales_headers_delivered_idx')
      .on(t.deliveredAt)
      .where(sql`${t.deliveredAt} is not null`),
    check(
      'sales_headers_refund_state',
      sql`${t.refundState} is null or ${t.refundState} in ('due', 'refunded')`,
    ),
  ],
)

/** An order's lines: a plain variant, or a bundle with its parts in sales_line_components. */
export const salesLines = pgTable(
  'sales_lines',
  {
    id: serial('id').primaryKey(),
    idSalesHeader: varchar('id_sales_header', { length: 36 })
      .notNull()
      .references(() => salesHeaders.idSalesHeader, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    productCode: varchar('product_code', { length: 64 }).notNull(),
    skuProduct: varchar('sku_product', { length: 80 }).notNull(),
    productMasterName: text('product_master_name').notNull(),
    ukuran: varchar('ukuran', { length: 32 }).notNull(),
    idBrand: integer('id_brand').notNull(),
    quantity: integer('quantity').notNull(),
    /** The unit price charged, whole rupiah. */
    hargaJual: integer('harga_jual').notNull(),
    urlImage: text('url_image').notNull().default(''),
    isBundling: boolean('is_bundling').notNull().default(false),
  },
  (t) => [
    index('sales_lines_header_idx').on(t.idSalesHeader, t.position),
    check('sales_lines_quantity', sql`${t.quantity} > 0 and ${t.hargaJual} >= 0`),
  ],
)

/** The parts of a bundle line, per unit of the line (stock held is qty × line quantity). */
export const salesLineComponents = pgTable(
  'sales_line_components',
  {
    idSalesLine: integer('id_sales_line')
      .notNull()
      .references(() => salesLines.id, { onDelete: 'cascade' }),
    skuProduct: varchar('sku_product', { length: 80 }).notNull(),
    productMasterName: text('product_master_name').notNull(),
    ukuran: varchar('ukuran', { length: 32 }).notNull(),
    qty: integer('qty').notNull(),
  },
  (t) => [primaryKey({ columns: [t.idSalesLine, t.skuProduct] })],
)

/**
 * Checkout calls by Idempotency-Key: the same key with the same body (request_hash) answers the
 * stored result again; another body is 422 IDM001. Written in the order's own transaction.
 */
export const checkoutRequests = pgTable(
  'checkout_requests',
  {
    idPelanggan: integer('id_pelanggan')
      .notNull()
      .references(() => customers.idPelanggan, { onDelete: 'cascade' }),
    idempotencyKey: varchar('idempotency_key', { length: 128 }).notNull(),
    requestHash: varchar('request_hash', { length: 64 }).notNull(),
    idSalesHeader: varchar('id_sales_header', { length: 36 })
      .notNull()
      .references(() => salesHeaders.idSalesHeader, { onDelete: 'cascade' }),
    response: jsonb('response').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.idPelanggan, t.idempotencyKey] })],
)
