import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from '@fastify/type-provider-zod'
import { z } from 'zod'
import {
  AdminOrderDetailResponseSchema,
  AdminOrderListResponseSchema,
  AdminOrdersQuerySchema,
  AdminVoucherDetailResponseSchema,
  AdminVoucherListResponseSchema,
  AdminVoucherResponseSchema,
  BulkShipBodySchema,
  BulkShipResponseSchema,
  OPS_MESSAGES,
  PackingSlipQuerySchema,
  PackingSlipResponseSchema,
  StaffOrderParamsSchema,
  StockAdjustBodySchema,
  StockAdjustmentListResponseSchema,
  StockAdjustmentQuerySchema,
  StockExportQuerySchema,
  StockImportBodySchema,
  StockImportResponseSchema,
  StockLevelResponseSchema,
  StockListResponseSchema,
  StockQuerySchema,
  VoucherCreateBodySchema,
  VoucherIdParamsSchema,
  VoucherListQuerySchema,
  VoucherUpdateBodySchema,
  WarehouseListResponseSchema,
  type StaffRole,
} from '@busana/contract/schemas'
import { envelope, errorResponses, pagedEnvelope } from '../../plugins/envelope.ts'
import { staffCallNote, staffScope } from '../staff/staff-scope.ts'
import { recordAudit } from '../staff/audit.ts'
import { bulkShip, listOrders, orderDetailForStaff, packingSlips } from './admin-orders.service.ts'
import {
  adjustStock,
  exportStockCsv,
  importStock,
  listAdjustments,
  listStock,
  listWarehouses,
} from '../inventory/stock.service.ts'
import { createVoucher, listVouchers, updateVoucher, voucherDetail } from '../promotions/vouchers-admin.service.ts'

/**
 * Who may make which operations call (issue 14): stock is read by the owner, the warehouse and
 * merchandisers and changed by the owner and the warehouse; orders are read by the owner, the
 * warehouse and support, shipped and packed by the owner and the warehouse; vouchers are the
 * owner's and marketing's.
 */
const ROLES = {
  stockRead: ['owner', 'warehouse', 'merchandiser'],
  stockWrite: ['owner', 'warehouse'],
  ordersRead: ['owner', 'warehouse', 'support'],
  fulfil: ['owner', 'warehouse'],
  vouchers: ['owner', 'marketing'],
} satisfies Record<string, readonly StaffRole[]>

const rolesNote = staffCallNote

/**
 * The staff API's operations calls under /api/admin/v1: stock per warehouse, the orders screen and
 * vouchers. Sign-in, the guard and the audit log are the staff domain's (staff-session.ts, audit.ts).
 */
export default async function opsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const db = app.database.db
  const { staffOnly, auditActorOf: actorOf } = await staffScope(app)

  // ------------------------------------------------------------ stock

  app.get(
    '/v1/warehouses',
    {
      preValidation: staffOnly(ROLES.stockRead),
      schema: {
        tags: ['staff: stock'],
        summary: 'The warehouses; `sellable` marks the one checkout sells and ships from',
        description: rolesNote(ROLES.stockRead),
        response: { 200: WarehouseListResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async () => envelope(await listWarehouses(db)),
  )

  app.get(
    '/v1/stock',
    {
      preValidation: staffOnly(ROLES.stockRead),
      schema: {
        tags: ['staff: stock'],
        summary: 'Stock per sku and warehouse: on_hand, held by open orders, available; paged',
        description:
          `${rolesNote(ROLES.stockRead)} held: units of Open and Paid orders not yet shipped from that warehouse. ` +
          'available = on_hand − held; for the sellable warehouse it is the shop’s stock (variants.stock). Filters: ' +
          'product_code, id_brand, id_warehouse, q (part of a sku or product name), low_stock=true (available at ' +
          'or below low_stock_at, default 3); page, per_page (50, at most 200).',
        querystring: StockQuerySchema,
        response: { 200: StockListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const page = await listStock(db, request.query)
      return pagedEnvelope(page.levels, page.totalPages)
    },
  )

  app.post(
    '/v1/stock/adjust',
    {
      preValidation: staffOnly(ROLES.stockWrite),
      schema: {
        tags: ['staff: stock'],
        summary: 'Change on_hand of a sku in a warehouse by delta, or set it; a reason from the list',
        description:
          `${rolesNote(ROLES.stockWrite)} Exactly one of delta (not 0) and set. Never below what open orders hold: ` +
          '409 STF152 (race-free: a conditional update of the shop’s stock in the same transaction). Unknown sku ' +
          '404 STF151, warehouse 404 STF150. Writes a stock_adjustments row and an audit row (stock.adjust).',
        body: StockAdjustBodySchema,
        response: { 200: StockLevelResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      envelope(
        await adjustStock(db, request.body, actorOf(request)),
        request.say(OPS_MESSAGES.stockAdjusted),
      ),
  )

  app.get(
    '/v1/stock/adjustments',
    {
      preValidation: staffOnly(ROLES.stockRead),
      schema: {
        tags: ['staff: stock'],
        summary: 'The stock adjustment history, newest first, paged',
        description: `${rolesNote(ROLES.stockRead)} Filters: sku_product, id_warehouse; page, per_page.`,
        querystring: StockAdjustmentQuerySchema,
        response: { 200: StockAdjustmentListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const page = await listAdjustments(db, request.query)
      return pagedEnvelope(page.entries, page.totalPages)
    },
  )

  app.get(
    '/v1/stock/export.csv',
    {
      preValidation: staffOnly(ROLES.stockRead),
      schema: {
        tags: ['staff: stock'],
        summary: 'The stock as CSV: sku,warehouse,on_hand,held,available (every row of the filters)',
        description: `${rolesNote(ROLES.stockRead)} text/csv, UTF-8, a header row; the list’s filters without paging.`,
        querystring: StockExportQuerySchema,
        response: { 200: z.string().describe('text/csv'), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="stock.csv"')
        .send(await exportStockCsv(db, request.query)),
  )

  app.post(
    '/v1/stock/import',
    {
      preValidation: staffOnly(ROLES.stockWrite),
      schema: {
        tags: ['staff: stock'],
        summary: 'Set on_hand from CSV rows sku,warehouse,on_hand: all rows in one transaction, or none',
        description:
          `${rolesNote(ROLES.stockWrite)} JSON body { csv, reason, note }: the CSV text with a header naming sku, ` +
          'warehouse and on_hand (other columns, such as an export’s held and available, are ignored). Any bad ' +
          'row (malformed, unknown sku or warehouse, repeated, below what open orders hold) answers 400 STF153 ' +
          `with errors[] naming each line, and nothing changes. At most 5000 rows. One audit row (stock.import).`,
        body: StockImportBodySchema,
        response: { 200: StockImportResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) =>
      envelope(
        await importStock(db, request.body, actorOf(request)),
        request.say(OPS_MESSAGES.stockImported),
      ),
  )

  // ------------------------------------------------------------ orders

  app.get(
    '/v1/orders',
    {
      preValidation: staffOnly(ROLES.ordersRead),
      schema: {
        tags: ['staff: orders'],
        summary:
          'Orders, newest first, paged: by status, brand, dates, payment; search by number, phone or e-mail',
        description:
          `${rolesNote(ROLES.ordersRead)} from and to are shop dates (UTC+7), both inclusive. payment: a payment ` +
          'code (bca_va, …). q: part of an order number or e-mail, or a phone number (08…, 62… or +62…).',
        querystring: AdminOrdersQuerySchema,
        response: { 200: AdminOrderListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const page = await listOrders(db, request.query)
      return pagedEnvelope(page.orders, page.totalPages)
    },
  )

  app.get(
    '/v1/orders/packing-slips',
    {
      preValidation: staffOnly(ROLES.fulfil),
      schema: {
        tags: ['staff: orders'],
        summary: 'Packing slip data for up to 50 orders (numbers=A,B,…), in the order asked',
        description:
          `${rolesNote(ROLES.fulfil)} Per order: the brand, number, date, courier, recipient and address, lines ` +
          'with sku, size and quantity (a bundle’s parts follow it with part_of), and the last note. An unknown ' +
          'number: 404 ORD001 naming it.',
        querystring: PackingSlipQuerySchema,
        response: { 200: PackingSlipResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => envelope(await packingSlips(db, request.query.numbers)),
  )

  app.post(
    '/v1/orders/bulk-ship',
    {
      preValidation: staffOnly(ROLES.fulfil),
      schema: {
        tags: ['staff: orders'],
        summary: 'Ship up to 100 paid orders: each on its own, with a result per order',
        description:
          `${rolesNote(ROLES.fulfil)} Each entry is POST …/orders/{n}/ship (its own transaction, event and audit ` +
          'row; shipping lowers on_hand by its units). A failing one (ORD001, ORD002, ORD003, REQ001 courier) is ' +
          'reported with its code and does not undo the others. Always 200 when the body is valid.',
        body: BulkShipBodySchema,
        response: { 200: BulkShipResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const actor = `staff:${request.staff!.email}` as const
      const results = await bulkShip(
        db,
        request.body,
        actor,
        (number) => (tx, changes) =>
          recordAudit(tx, actorOf(request), {
            action: 'order.ship',
            targetType: 'order',
            targetId: number,
            changes,
          }),
      )
      const shipped = results.filter((result) => result.ok).length
      return envelope(
        { shipped, failed: results.length - shipped, results },
        request.say(OPS_MESSAGES.bulkShipped),
      )
    },
  )

  app.get(
    '/v1/orders/:sales_order_number',
    {
      preValidation: staffOnly(ROLES.ordersRead),
      schema: {
        tags: ['staff: orders'],
        summary:
          'One order in full: lines and bundle parts, address, amounts, payment, voucher, shipping, events',
        description: `${rolesNote(ROLES.ordersRead)} Unknown number: 404 ORD001.`,
        params: StaffOrderParamsSchema,
        response: { 200: AdminOrderDetailResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => envelope(await orderDetailForStaff(db, request.params.sales_order_number)),
  )

  // ------------------------------------------------------------ vouchers

  app.get(
    '/v1/vouchers',
    {
      preValidation: staffOnly(ROLES.vouchers),
      schema: {
        tags: ['staff: vouchers'],
        summary: 'Vouchers, newest first, with their uses (used_count) and state; paged',
        description:
          `${rolesNote(ROLES.vouchers)} q: part of the code or name; state: paused, scheduled, running, expired ` +
          'or used_up.',
        querystring: VoucherListQuerySchema,
        response: { 200: AdminVoucherListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const page = await listVouchers(db, request.query)
      return pagedEnvelope(page.vouchers, page.totalPages)
    },
  )

  app.get(
    '/v1/vouchers/:id',
    {
      preValidation: staffOnly(ROLES.vouchers),
      schema: {
        tags: ['staff: vouchers'],
        summary: 'One voucher with its redemptions and the orders that took them',
        description: `${rolesNote(ROLES.vouchers)} Unknown id: 404 STF154.`,
        params: VoucherIdParamsSchema,
        response: { 200: AdminVoucherDetailResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => envelope(await voucherDetail(db, request.params.id)),
  )

  app.post(
    '/v1/vouchers',
    {
      preValidation: staffOnly(ROLES.vouchers),
      schema: {
        tags: ['staff: vouchers'],
        summary: 'Create a voucher (FIXED, PERCENTAGE or SHIPPING; the checkout’s rules, decision 018)',
        description:
          `${rolesNote(ROLES.vouchers)} code: 3 to 32 letters, digits, - or _ (upper-cased); a taken code 409 ` +
          'STF155. A percentage at most 100; ends_at after starts_at. paused: true makes it now and resumes later.',
        body: VoucherCreateBodySchema,
        response: { 200: AdminVoucherResponseSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) =>
      envelope(
        await createVoucher(db, request.body, actorOf(request)),
        request.say(OPS_MESSAGES.voucherCreated),
      ),
  )

  app.patch(
    '/v1/vouchers/:id',
    {
      preValidation: staffOnly(ROLES.vouchers),
      schema: {
        tags: ['staff: vouchers'],
        summary: 'Edit a voucher’s terms (the code stays); only the fields given change',
        description:
          `${rolesNote(ROLES.vouchers)} Checked with the stored terms: a percentage above 100 or an end before ` +
          'the start 400; a usage_limit below used_count 409 STF156. Unknown id 404 STF154. Orders already ' +
          'placed keep their discount.',
        params: VoucherIdParamsSchema,
        body: VoucherUpdateBodySchema,
        response: { 200: AdminVoucherResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      envelope(
        await updateVoucher(db, request.params.id, request.body, actorOf(request)),
        request.say(OPS_MESSAGES.voucherUpdated),
      ),
  )

  for (const [path, paused] of [
    ['pause', true],
    ['resume', false],
  ] as const) {
    app.post(
      `/v1/vouchers/:id/${path}`,
      {
        preValidation: staffOnly(ROLES.vouchers),
        schema: {
          tags: ['staff: vouchers'],
          summary: paused
            ? 'Pause a voucher: checkout refuses it at once (404 PRM001, as an unknown code)'
            : 'Resume a paused voucher: checkout accepts it again (its dates and limits still apply)',
          description: `${rolesNote(ROLES.vouchers)} Again on a voucher already ${paused ? 'paused' : 'running'}: unchanged, no audit row.`,
          params: VoucherIdParamsSchema,
          response: { 200: AdminVoucherResponseSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) =>
        envelope(
          await updateVoucher(
            db,
            request.params.id,
            { paused },
            actorOf(request),
            paused ? 'voucher.pause' : 'voucher.resume',
          ),
          request.say(paused ? OPS_MESSAGES.voucherPaused : OPS_MESSAGES.voucherResumed),
        ),
    )
  }
}
