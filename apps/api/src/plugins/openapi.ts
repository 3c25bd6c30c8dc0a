import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import { jsonSchemaTransform, jsonSchemaTransformObject } from '@fastify/type-provider-zod'
import { BRAND_HEADER } from '@busana/contract/schemas'
import { apiDocsSecurityHeaders } from '../security-headers.ts'

/** OpenAPI generated from the contract's zod schemas; browsable at /api/docs when API_DOCS (default outside production). */
async function openapiPlugin(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Busana API',
        description: `Every /api/v* call carries the \`${BRAND_HEADER}\` header (9, 5, 14, 18, 13 or 17). Member calls carry the token as the \`token\` query parameter or as \`Authorization: Bearer\`.`,
        version: '1.0.0',
      },
    },
    transform: jsonSchemaTransform,
    // Schemas named in zod's registry (the recursive menu tree) land in components.schemas.
    transformObject: jsonSchemaTransformObject,
  })
  // The browsable page and its JSON are a choice in production (API_DOCS); docs/product is built anyway.
  // Its own page policy: the root's strict one would block its bundle and styles.
  if (app.config.API_DOCS) {
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      uiHooks: { onRequest: apiDocsSecurityHeaders },
    })
  }
}

export default fp(openapiPlugin, { name: 'openapi' })
