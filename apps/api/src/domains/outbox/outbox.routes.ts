import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from '@fastify/type-provider-zod'
import { z } from 'zod'
import { escapeHtml } from '@busana/contract/schemas'
import { devPagesAccess, isDirectLoopbackRequest } from '../../config.ts'
import { DEV_PAGE_HELMET } from '../../security-headers.ts'
import { latestMessages, messageHtml, type OutboxMessage } from './outbox.service.ts'

const OutboxQuerySchema = z.object({
  recipient: z.string().trim().max(254).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
})

function page(messages: OutboxMessage[]): string {
  const rows = messages
    .map(
      (m) =>
        `<tr><td>${escapeHtml(m.created_at)}</td><td>${escapeHtml(m.channel)}</td><td>${escapeHtml(m.recipient)}</td>` +
        `<td>${escapeHtml(m.subject)}${m.has_html ? `<br><a href="/dev/outbox/${m.id}.html">HTML part</a>` : ''}</td>` +
        `<td><pre>${escapeHtml(m.body)}</pre></td></tr>`,
    )
    .join('\n')
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>Outbox · Busana developer page</title>
<style>body{font:14px system-ui,sans-serif;margin:1.5rem}table{border-collapse:collapse;width:100%}
td,th{border:1px solid #ddd;padding:.4rem;text-align:left;vertical-align:top}pre{margin:0;white-space:pre-wrap}</style></head>
<body><h1>Outbox</h1>
<p>Messages the shop would have sent (one-time codes and order updates by SMS or WhatsApp, temporary passwords and
order updates by e-mail), newest first. This page is never served by a real deployment (see DEV_PAGES). JSON: <a href="/dev/outbox.json">/dev/outbox.json</a>.</p>
<table><thead><tr><th>time</th><th>channel</th><th>recipient</th><th>subject</th><th>body</th></tr></thead>
<tbody>
${rows || '<tr><td colspan="5">No message yet.</td></tr>'}
</tbody></table></body></html>`
}

/**
 * The developer outbox (/dev/outbox and /dev/outbox.json): what the default providers stored, so a
 * newcomer can read a code on a fresh machine. Outside /api (no brand header). Who is served
 * follows devPagesAccess(): nobody on a real deployment (the routes do not exist), and only direct
 * loopback requests on a local production build; everyone else gets the answer of an unknown path
 * (the root's not-found handler: the 404 envelope for the API alone, the storefront's page when mounted).
 */
export default async function outboxRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const access = devPagesAccess(app.config)
  if (access === 'nobody') return
  if (app.config.NODE_ENV === 'production') {
    app.log.warn(
      access === 'loopback'
        ? '/dev/outbox is served to direct loopback requests (local production build with outbox ' +
            'providers); set DEV_PAGES=false to hide it'
        : '/dev/outbox is served to everyone (DEV_PAGES=true)',
    )
  }

  app.addHook('onRequest', async (request, reply) => {
    if (access === 'loopback' && !isDirectLoopbackRequest(request)) {
      reply.callNotFound()
      return reply
    }
    reply.header('cache-control', 'no-store')
  })

  app.get(
    '/dev/outbox',
    { schema: { hide: true, querystring: OutboxQuerySchema }, helmet: DEV_PAGE_HELMET },
    async (request, reply) =>
      reply.type('text/html; charset=utf-8').send(page(await latestMessages(app.database.db, request.query))),
  )

  // An e-mail's HTML part as the buyer's mail app would show it (the page policy loads nothing remote).
  app.get(
    '/dev/outbox/:id.html',
    {
      schema: { hide: true, params: z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) }) },
      helmet: DEV_PAGE_HELMET,
    },
    async (request, reply) => {
      const html = await messageHtml(app.database.db, request.params.id)
      if (html === null) return reply.callNotFound()
      return reply.type('text/html; charset=utf-8').send(html)
    },
  )

  app.get(
    '/dev/outbox.json',
    { schema: { hide: true, querystring: OutboxQuerySchema } },
    async (request) => ({
      status: 200,
      message: 'Success',
      data: await latestMessages(app.database.db, request.query),
    }),
  )
}
