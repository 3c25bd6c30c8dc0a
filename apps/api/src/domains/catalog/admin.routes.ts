import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from '@fastify/type-provider-zod'
import multipart from '@fastify/multipart'
import { staffCallNote, staffScope } from '../staff/index.ts'
import { mediaRoutes } from './admin-media.routes.ts'
import { productRoutes } from './admin-products.routes.ts'
import { productCsvRoutes } from './product-csv.routes.ts'
import type { ProductCsvFacts } from './product-csv.service.ts'
import type { CatalogAdminScope } from './admin-scope.ts'
import type { OrdersFacts, StockFacts } from './products.service.ts'
import { structureRoutes } from './admin-structure.routes.ts'
import { variantRoutes } from './admin-variants.routes.ts'
import { CATALOG_MULTIPART_LIMITS } from './upload.ts'

const note = staffCallNote('catalog.manage')
const changeNote =
  `${note} One transaction with its audit row; every storefront process drops its cached answers ` +
  'within milliseconds (decision 016).'

/**
 * The staff catalogue (issue 14) under /api/admin/v1: products (drafts, publishing), variants,
 * media, bundles, categories, menus, home sliders and brands. Guarded like every staff call
 * (staff-session.ts); the cookie plugin is registered in this scope too, so the back office's
 * cookie session works here as on the staff routes. Each seam's calls live in their own file
 * (admin-products, admin-variants, admin-media, admin-structure), registered here in this order.
 */
export default async function staffCatalogRoutes(
  fastify: FastifyInstance,
  options: OrdersFacts & StockFacts & ProductCsvFacts,
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const db = app.database.db
  const { staffOnly, auditActorOf: actorOf } = await staffScope(app)
  // Only this plugin (and the reviews') parses multipart bodies, limits enforced while streaming.
  await app.register(multipart, { limits: CATALOG_MULTIPART_LIMITS })
  const catalogOnly = { preValidation: staffOnly('catalog.manage') }
  const everyStaff = { preValidation: staffOnly('self') }
  const tags = ['staff catalog']
  const orders: OrdersFacts = { skuInOpenOrder: options.skuInOpenOrder }
  const stock: StockFacts = { onHandOf: options.onHandOf }
  const scope: CatalogAdminScope = {
    db,
    actorOf,
    catalogOnly,
    everyStaff,
    tags,
    note,
    changeNote,
    orders,
    stock,
  }

  // The CSV calls first: their static paths (export.csv, import.csv) beside products/:code.
  productCsvRoutes(app, scope, { held: options.held })
  productRoutes(app, scope)
  variantRoutes(app, scope)
  mediaRoutes(app, scope)
  structureRoutes(app, scope)
}
