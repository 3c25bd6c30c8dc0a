import type { FastifyRequest } from 'fastify'
import type { Db } from '../../db/client.ts'
import type { AuditActor } from '../staff/index.ts'
import type { OrdersFacts, StockFacts } from './products.service.ts'

/**
 * What every staff catalogue call shares (admin.routes.ts builds it once): the database, the audit
 * actor of a request, the guard, the OpenAPI tag and the notes every description starts with.
 */
export interface CatalogAdminScope {
  db: Db
  actorOf: (request: FastifyRequest) => AuditActor
  catalogOnly: { preValidation: (request: FastifyRequest) => Promise<void> }
  /** Any signed-in staff: the brands' names, which every list, filter and export shows (issue 43). */
  everyStaff: { preValidation: (request: FastifyRequest) => Promise<void> }
  tags: string[]
  /** Who may call (staffCallNote of the catalogue's roles). */
  note: string
  /** `note`, and what every change does (audit row, caches dropped). */
  changeNote: string
  /** What the calls ask of orders (app.ts hands it in). */
  orders: OrdersFacts
  /** What publishing asks of inventory (app.ts hands it in). */
  stock: StockFacts
}
