import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import SwaggerParser from '@apidevtools/swagger-parser'
import { buildTestApp, type TestApp } from '../test/build-test-app.ts'

/**
 * The published API description (/api/docs/json) is a valid OpenAPI document by a maintained
 * validator (issue 44): a client generated from it must not meet a reference to nothing, as the
 * recursive menu tree of /api/v2/pages/menu once was (#/components/schemas/schema0).
 */
let t: TestApp
let document: Record<string, unknown>

beforeAll(async () => {
  t = await buildTestApp({ seed: false })
  const docs = await t.app.inject({ url: '/api/docs/json' })
  expect(docs.statusCode).toBe(200)
  document = docs.json()
}, 120_000)

afterAll(async () => {
  await t?.close()
})

describe('the OpenAPI document', () => {
  it('passes @apidevtools/swagger-parser’s validation (schema and every $ref)', async () => {
    // validate() dereferences in place: give it a copy.
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeTruthy()
  })

  it('publishes the menu tree as a named, recursive schema', () => {
    const schemas = (
      document.components as { schemas: Record<string, { properties: Record<string, unknown> }> }
    ).schemas
    expect(schemas.MenuEntry?.properties.sub).toEqual({
      type: 'array',
      items: { $ref: '#/components/schemas/MenuEntry' },
    })
    expect(JSON.stringify(document)).not.toMatch(/#\/components\/schemas\/schema\d/)
  })

  it('the check can fail: a reference to a schema that is not there is refused', async () => {
    const broken = structuredClone(document) as { components: { schemas: Record<string, unknown> } }
    delete broken.components.schemas.MenuEntry
    await expect(SwaggerParser.validate(broken as never)).rejects.toThrow(/MenuEntry/)
  })
})
