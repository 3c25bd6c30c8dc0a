import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { z } from 'zod'
import { ADMIN_CONTENT_MESSAGES, StaffEmptyResponseSchema } from '@busana/contract/schemas'
import type { Db } from '../../db/client.ts'
import { envelope, errorResponses } from '../../plugins/envelope.ts'
import type { AuditActor } from '../staff/index.ts'

/** What every content call shares: its guard, OpenAPI tags and note, the database, the audit actor. */
export interface ContentScope {
  preValidation: (request: FastifyRequest) => Promise<void>
  tags: string[]
  /** The start of every call's OpenAPI description (who may call it, what a change does). */
  note: string
  db: Db
  actor: (request: FastifyRequest) => AuditActor
}

type Status = 400 | 401 | 403 | 404 | 409 | 422

/** One call's OpenAPI text: its summary, what its description adds to the note, its error answers. */
interface Call {
  summary: string
  notes?: string
  errors: Status[]
}

/**
 * One content table's calls: GET `path` lists, POST `path` creates, PATCH and DELETE
 * `path/:key` change and delete, each through its (audited) service function.
 */
export interface CrudTable<
  P extends z.ZodType,
  K extends keyof z.output<P> & string,
  Q extends z.ZodType,
  C extends z.ZodType,
  U extends z.ZodType,
> {
  path: string
  params: P
  /** The path parameter that names a row. */
  key: K
  /** The answer of create and update: the row as the back office reads it. */
  one: z.ZodType
  list: Call & { query?: Q; response: z.ZodType; run: (db: Db, query: z.output<Q>) => Promise<unknown> }
  create: Call & { body: C; run: (db: Db, body: z.output<C>, actor: AuditActor) => Promise<unknown> }
  update: Call & {
    body: U
    run: (db: Db, key: z.output<P>[K], body: z.output<U>, actor: AuditActor) => Promise<unknown>
  }
  remove: Call & { run: (db: Db, key: z.output<P>[K], actor: AuditActor) => Promise<void> }
}

/**
 * Registers a content table's list, create, update and delete calls, guarded and documented alike;
 * the answers say Saved, Changes saved and Deleted in the request's language. Bodies, queries and
 * params are validated by the route's own schemas before the service sees them.
 */
export function crudRoutes<
  P extends z.ZodType,
  K extends keyof z.output<P> & string,
  Q extends z.ZodType,
  C extends z.ZodType,
  U extends z.ZodType,
>(app: FastifyInstance, scope: ContentScope, table: CrudTable<P, K, Q, C, U>): void {
  const { preValidation, tags, note, db, actor } = scope
  const { path, params, key, one, list, create, update, remove } = table
  const description = (call: Call) => (call.notes ? `${note} ${call.notes}` : note)
  const keyOf = (request: FastifyRequest) => (request.params as z.output<P>)[key]

  app.get(
    path,
    {
      preValidation,
      schema: {
        tags,
        summary: list.summary,
        description: description(list),
        ...(list.query ? { querystring: list.query } : {}),
        response: { 200: list.response, ...errorResponses(...list.errors) },
      },
    },
    async (request) => envelope(await list.run(db, request.query as z.output<Q>)),
  )

  app.post(
    path,
    {
      preValidation,
      schema: {
        tags,
        summary: create.summary,
        description: description(create),
        body: create.body,
        response: { 200: one, ...errorResponses(...create.errors) },
      },
    },
    async (request) =>
      envelope(
        await create.run(db, request.body as z.output<C>, actor(request)),
        request.say(ADMIN_CONTENT_MESSAGES.created),
      ),
  )

  app.patch(
    `${path}/:${key}`,
    {
      preValidation,
      schema: {
        tags,
        summary: update.summary,
        description: description(update),
        params,
        body: update.body,
        response: { 200: one, ...errorResponses(...update.errors) },
      },
    },
    async (request) =>
      envelope(
        await update.run(db, keyOf(request), request.body as z.output<U>, actor(request)),
        request.say(ADMIN_CONTENT_MESSAGES.updated),
      ),
  )

  app.delete(
    `${path}/:${key}`,
    {
      preValidation,
      schema: {
        tags,
        summary: remove.summary,
        description: description(remove),
        params,
        response: { 200: StaffEmptyResponseSchema, ...errorResponses(...remove.errors) },
      },
    },
    async (request) => {
      await remove.run(db, keyOf(request), actor(request))
      return envelope(null, request.say(ADMIN_CONTENT_MESSAGES.deleted))
    },
  )
}
