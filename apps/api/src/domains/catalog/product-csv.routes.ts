import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from '@fastify/type-provider-zod'
import { z } from 'zod'
import {
  AppError,
  can,
  PRODUCT_CSV_MAX_BYTES,
  ProductCsvExportQuerySchema,
  ProductCsvImportQuerySchema,
  ProductCsvImportResponseSchema,
  say,
} from '@busana/contract/schemas'
import { envelope, errorResponses } from '../../plugins/envelope.ts'
import type { CatalogAdminScope } from './admin-scope.ts'
import { exportProductsCsv, importProductsCsv, type ProductCsvFacts } from './product-csv.service.ts'

/** The import's multipart limits (the plugin's own are a picture's: one file, no field). */
const IMPORT_LIMITS = { fileSize: PRODUCT_CSV_MAX_BYTES, files: 1, fields: 2, parts: 3, fieldNameSize: 32 }

/** The file (field `file`) and the optional field `dry_run` of an import; 413 STF117 past 5 MB. */
async function readImport(request: FastifyRequest): Promise<{ csv: string; dryRun: boolean | undefined }> {
  if (!request.isMultipart()) throw new AppError('REQ004')
  let csv: string | undefined
  let dryRun: boolean | undefined
  try {
    for await (const part of request.parts({ limits: IMPORT_LIMITS })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          part.file.resume()
          continue
        }
        csv = (await part.toBuffer()).toString('utf8')
      } else if (part.fieldname === 'dry_run') {
        const value = String(part.value).trim().toLowerCase()
        if (!['true', 'false', '1', '0'].includes(value))
          throw new AppError('REQ001', "Invalid field 'dry_run': must be true or false")
        dryRun = value === 'true' || value === '1'
      }
    }
  } catch (error) {
    const code = (error as { code?: string } | null)?.code
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('STF117')
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw new AppError('REQ001', 'Send one file in the field "file" and, if you like, the field "dry_run"')
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw new AppError('REQ004')
    throw error
  }
  if (csv === undefined) throw new AppError('REQ001', 'Send the CSV file in the field "file"')
  if (csv.trim() === '')
    throw new AppError('STF116', undefined, [
      { field: 'line 1', message: say('The file is empty', 'Berkas kosong') },
    ])
  return { csv, dryRun }
}

/** Bulk upload (issue 43 part 7): the catalogue as CSV and back. */
export function productCsvRoutes(
  fastify: FastifyInstance,
  scope: CatalogAdminScope,
  facts: ProductCsvFacts,
): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db, actorOf, catalogOnly, tags, note, changeNote } = scope

  app.get(
    '/v1/products/export.csv',
    {
      ...catalogOnly,
      schema: {
        tags,
        summary: 'Products, sizes, prices and stock per warehouse as CSV: one row per size (issue 43)',
        description:
          `${note} text/csv; charset=utf-8 with a BOM (Excel), CRLF, comma (delimiter=semicolon for ;), ` +
          'attachment products.csv, streamed 500 products at a time. The list’s filters q, id_brand, state. ' +
          'Columns: product_code, id_brand, brand, product_name, product_name_alt, colour_family, categories ' +
          '(names, |), harga_coret, picture_urls (|), sku_product, ukuran, selling_price, weight_grams, then ' +
          'stock:<warehouse name> (units on hand) per active warehouse. A product without a size has one row ' +
          "with empty size cells. A cell starting with =, +, - or @ is prefixed with ' (the import takes it off).",
        querystring: ProductCsvExportQuerySchema,
        response: { 200: z.unknown().describe('text/csv, streamed'), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const csv = await exportProductsCsv(db, facts, request.query)
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="products.csv"')
        .header('cache-control', 'no-store')
        .send(csv)
    },
  )

  app.post(
    '/v1/products/import.csv',
    {
      ...catalogOnly,
      schema: {
        tags,
        summary: 'Create and update products, sizes, prices, pictures by URL and stock from CSV (issue 43)',
        description:
          `${changeNote} multipart/form-data: the file in the field \`file\` (UTF-8 with or without a BOM, comma ` +
          'or semicolon as the header line shows, CRLF or LF; at most 5 MB: 413 STF117; at most 20,000 rows), ' +
          '`dry_run` true or false as a query parameter or a field. The columns of the export; product_code and ' +
          'sku_product are required, the others may be left out (their values stay). Each value is checked as ' +
          'the product and size forms check it. New products are drafts; new SKUs are added sizes; a stock ' +
          'cell is the absolute units on hand, moved by the difference through inventory as an import ' +
          'adjustment (stock.write roles only); an empty stock cell leaves it. picture_urls add /media/… ' +
          'pictures not yet in the gallery. Any error: 422 STF116 with `errors` [{ field: "line <n>: <column>", ' +
          'message }] in the request’s language, and nothing changes. dry_run=true: 200 with what would ' +
          'change, line by line, and nothing changes. Otherwise one transaction, one audit row ' +
          '(product.import with its counts), caches dropped at commit.',
        querystring: ProductCsvImportQuerySchema,
        response: { 200: ProductCsvImportResponseSchema, ...errorResponses(400, 401, 403, 413, 415, 422) },
      },
    },
    async (request) => {
      const { csv, dryRun } = await readImport(request)
      const staff = request.staff
      const result = await importProductsCsv(db, facts, {
        csv,
        dryRun: request.query.dry_run ?? dryRun ?? false,
        actor: actorOf(request),
        mayMoveStock: staff ? can(staff.role, 'stock.write') : false,
      })
      return envelope(
        result,
        request.say(
          result.dry_run
            ? say(
                'Nothing was changed: these are the changes the file would make',
                'Belum ada yang diubah: inilah perubahan dari berkas ini',
              )
            : say('The file was imported', 'Berkas berhasil diimpor'),
        ),
      )
    },
  )
}
