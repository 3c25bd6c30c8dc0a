import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from '@fastify/type-provider-zod'
import { z } from 'zod'
import {
  OPS_MESSAGES,
  StockAdjustBodySchema,
  StockAdjustmentListResponseSchema,
  StockAdjustmentQuerySchema,
  StockExportQuerySchema,
  StockImportBodySchema,
  StockImportResponseSchema,
  StockLevelResponseSchema,
  StockListResponseSchema,
  StockQuerySchema,
  WarehouseListResponseSchema,
  WarehouseResponseSchema,
  WarehouseThresholdBodySchema,
  WarehouseThresholdParamsSchema,
} from '@busana/contract/schemas'
import { envelope, errorResponses, pagedEnvelope } from '../../plugins/envelope.ts'
import { recordAudit, staffCallNote as rolesNote, staffScope } from '../staff/index.ts'
import {
  adjustStock,
  exportStockCsv,
  importStock,
  listAdjustments,
  listStock,
  listWarehouses,
  setLowStockThreshold,
} from './stock.service.ts'
import type { StockViews } from './handed-in.ts'

/** What app.ts gives the stock calls from other modules (handed-in.ts). */
export interface InventoryAdminOptions {
  /** The catalog's sizes (`sizeRows`): the grid's products, names and brands. */
  sizes: StockViews['sizes']
  /** The units orders hold (orders' `heldByOrders`). */
  held: StockViews['held']
}

/**
 * The back office's stock calls under /api/admin/v1: warehouses, levels, adjustments, CSV. The
 * catalog's sizes and the orders' held units are handed in by app.ts (`InventoryAdminOptions`).
 */
export default async function inventoryAdminRoutes(
  fastify: FastifyInstance,
  { sizes, held }: InventoryAdminOptions,
) {
  const views: StockViews = { sizes, held }
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const db = app.database.db
  const { staffOnly, auditActorOf: actorOf } = await staffScope(app)

  app.get(
    '/v1/warehouses',
    {
      preValidation: staffOnly('stock.read'),
      schema: {
        tags: ['staff: stock'],
        summary: 'The warehouses; `sellable` marks the one checkout sells and ships from',
        description: rolesNote('stock.read'),
        response: { 200: WarehouseListResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async () => envelope(await listWarehouses(db)),
  )

  app.put(
    '/v1/warehouses/:id/low-stock',
    {
      preValidation: staffOnly('stock.write'),
      schema: {
        tags: ['staff: stock'],
        summary: 'Set the warehouse’s low-stock threshold: a sku is low at or below it (available units)',
        description:
          `${rolesNote('stock.write')} The home’s “stock running low” counts and the stock list’s low_stock ` +
          'filter (without low_stock_at) use it. Unknown or inactive warehouse 404 STF150. Audited (warehouse.threshold).',
        params: WarehouseThresholdParamsSchema,
        body: WarehouseThresholdBodySchema,
        response: { 200: WarehouseResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      envelope(
        await setLowStockThreshold(db, request.params.id, request.body.low_stock_at, actorOf(request)),
        request.say(OPS_MESSAGES.thresholdSaved),
      ),
  )

  app.get(
    '/v1/stock',
    {
      preValidation: staffOnly('stock.read'),
      schema: {
        tags: ['staff: stock'],
        summary: 'Stock per sku and warehouse: on_hand, held by open orders, available; paged',
        description:
          `${rolesNote('stock.read')} held: units of Open and Paid orders not yet shipped from that warehouse. ` +
          'available = on_hand − held; for the sellable warehouse it is the shop’s stock (sellable_stock). Filters: ' +
          'product_code, id_brand, id_warehouse, q (part of a sku or product name), low_stock=true (available at ' +
          'or below low_stock_at, or without it each warehouse’s own threshold); page, per_page (50, at most 200).',
        querystring: StockQuerySchema,
        response: { 200: StockListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const page = await listStock(db, views, request.query)
      return pagedEnvelope(page.levels, page.totalPages)
    },
  )

  app.post(
    '/v1/stock/adjust',
    {
      preValidation: staffOnly('stock.write'),
      schema: {
        tags: ['staff: stock'],
        summary: 'Change on_hand of a sku in a warehouse by delta, or set it; a reason from the list',
        description:
          `${rolesNote('stock.write')} Exactly one of delta (not 0) and set. Never below what open orders hold: ` +
          '409 STF152 (race-free: a conditional update of the shop’s stock in the same transaction). Unknown sku ' +
          '404 STF151, warehouse 404 STF150. Writes a stock_adjustments row and an audit row (stock.adjust).',
        body: StockAdjustBodySchema,
        response: { 200: StockLevelResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      envelope(
        await adjustStock(db, views, request.body, actorOf(request)),
        request.say(OPS_MESSAGES.stockAdjusted),
      ),
  )

  app.get(
    '/v1/stock/adjustments',
    {
      preValidation: staffOnly('stock.read'),
      schema: {
        tags: ['staff: stock'],
        summary: 'The stock adjustment history, newest first, paged',
        description: `${rolesNote('stock.read')} Filters: sku_product, id_warehouse; page, per_page.`,
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
      preValidation: staffOnly('stock.read'),
      schema: {
        tags: ['staff: stock'],
        summary: 'The stock as CSV: sku,warehouse,on_hand,held,available (every row of the filters)',
        description: `${rolesNote('stock.read')} text/csv, UTF-8, a header row; the list’s filters without paging. Audited (stock.export).`,
        querystring: StockExportQuerySchema,
        response: { 200: z.string().describe('text/csv'), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const csv = await exportStockCsv(db, views, request.query)
      // Who took a copy of the stock, with which filters (issue 26 item 9).
      await recordAudit(db, actorOf(request), {
        action: 'stock.export',
        targetType: 'stock',
        targetId: 'export.csv',
        changes: { ...request.query },
      })
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="stock.csv"')
        .send(csv)
    },
  )

  app.post(
    '/v1/stock/import',
    {
      preValidation: staffOnly('stock.write'),
      schema: {
        tags: ['staff: stock'],
        summary: 'Set on_hand from CSV rows sku,warehouse,on_hand: all rows in one transaction, or none',
        description:
          `${rolesNote('stock.write')} JSON body { csv, reason, note }: the CSV text with a header naming sku, ` +
          'warehouse and on_hand (other columns, such as an export’s held and available, are ignored). Any bad ' +
          'row (malformed, unknown sku or warehouse, repeated, below what open orders hold) answers 400 STF153 ' +
          `with errors[] naming each line, and nothing changes. At most 5000 rows. One audit row (stock.import).`,
        body: StockImportBodySchema,
        response: { 200: StockImportResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) =>
      envelope(
        await importStock(db, views, request.body, actorOf(request)),
        request.say(OPS_MESSAGES.stockImported),
      ),
  )
}
