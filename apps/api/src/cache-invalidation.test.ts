import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { eq } from 'drizzle-orm'
import { buildApi } from './app.ts'
import { listenForChanges, notifyChanged, type ChangeTopic } from './cache-invalidation.ts'
import { openDatabase, type Database } from './db/client.ts'
import { products } from './db/schema/index.ts'
import { createStaff } from './domains/staff/staff.service.ts'
import { buildTestApp, type TestApp } from './test/build-test-app.ts'

/**
 * Two API instances on one database (as two processes behind a load balancer): a change one of them
 * announces drops the cached answers of both. PGlite delivers the notification in process;
 * with TEST_DATABASE_URL it travels through the PostgreSQL server.
 */
let t: TestApp
let other: FastifyInstance
let otherDatabase: Database | undefined
let code = ''
beforeAll(async () => {
  t = await buildTestApp()
  // On PostgreSQL the second instance has its own pool, as another process would.
  if (t.config.DATABASE_URL) {
    otherDatabase = await openDatabase({ url: t.config.DATABASE_URL, dataDir: t.config.DATA_DIR })
  }
  other = await buildApi({ config: t.config, database: otherDatabase ?? t.database, logger: false })
  await other.ready()
  const [row] = await t.database.db.select({ code: products.productCode }).from(products).limit(1)
  code = row!.code
})
afterAll(async () => {
  await other.close()
  await otherDatabase?.close()
  await t.close()
})

const nameOn = async (app: FastifyInstance) => {
  const res = await app.inject({
    url: `/api/v1/pages/product?product_code=${code}`,
    headers: { 'x-brand-id': '9' },
  })
  expect(res.statusCode).toBe(200)
  return (res.json() as { data: { data: { product_name: string } } }).data.data.product_name
}

const rename = (name: string) =>
  t.database.db.update(products).set({ productName: name }).where(eq(products.productCode, code))

/** Resolves once the listeners have had the notification (delivery is asynchronous). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 200))

describe('cache invalidation across instances', () => {
  it('a notified catalog change drops the cached answers of every instance', async () => {
    const before = await nameOn(t.app)
    expect(await nameOn(other)).toBe(before)
    await rename('Renamed by staff')
    // Both still answer from their caches.
    expect(await nameOn(t.app)).toBe(before)
    expect(await nameOn(other)).toBe(before)
    await notifyChanged(t.database.db, 'catalog')
    await settle()
    expect(await nameOn(t.app)).toBe('Renamed by staff')
    expect(await nameOn(other)).toBe('Renamed by staff')
    await rename(before)
    await notifyChanged(t.database.db, 'catalog')
    await settle()
  })

  it("a merchandiser's change through the staff API on one instance reaches the other's cached answers", async () => {
    const merchandiser = {
      email: 'cache-merch@busana.test',
      password: 'cache-merch-password',
      role: 'merchandiser' as const,
    }
    await createStaff(t.database.db, merchandiser)
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/admin/v1/auth/login',
      payload: { email: merchandiser.email, password: merchandiser.password },
    })
    expect(login.statusCode, login.body).toBe(200)
    const token = login.json().data.token as string
    const before = await nameOn(other)
    // Kept by the other instance until it hears of the change.
    expect(await nameOn(other)).toBe(before)
    const changed = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/v1/products/${code}`,
      headers: { authorization: `Bearer ${token}` },
      payload: { product_name: 'Renamed in the back office' },
    })
    expect(changed.statusCode, changed.body).toBe(200)
    await expect.poll(() => nameOn(other), { timeout: 5000, interval: 50 }).toBe('Renamed in the back office')
    const back = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/v1/products/${code}`,
      headers: { authorization: `Bearer ${token}` },
      payload: { product_name: before },
    })
    expect(back.statusCode, back.body).toBe(200)
    await expect.poll(() => nameOn(other), { timeout: 5000, interval: 50 }).toBe(before)
  })

  it('every instance tells the id of the last change it heard (/changez), the same id on each', async () => {
    const lastOn = async (app: FastifyInstance) => {
      const res = await app.inject({ url: '/changez' })
      expect(res.statusCode).toBe(200)
      expect(res.headers['cache-control']).toBe('no-store')
      return (res.json() as { last: string }).last
    }
    const before = await lastOn(other)
    await notifyChanged(t.database.db, 'catalog')
    await expect.poll(() => lastOn(other), { timeout: 5000, interval: 20 }).not.toBe(before)
    await expect.poll(() => lastOn(t.app), { timeout: 5000, interval: 20 }).toBe(await lastOn(other))
  })

  it('a change of another topic keeps the catalog answers', async () => {
    const before = await nameOn(other)
    await rename('Not yet')
    await notifyChanged(t.database.db, 'regions')
    await settle()
    expect(await nameOn(other)).toBe(before)
    await rename(before)
  })

  it('a rolled-back transaction announces nothing; a committed one announces at commit', async () => {
    const heard: Array<ChangeTopic | '*'> = []
    const stop = await listenForChanges(t.database, (topic) => heard.push(topic))
    try {
      await t.database.db
        .transaction(async (tx) => {
          await notifyChanged(tx, 'catalog')
          throw new Error('rollback')
        })
        .catch(() => {})
      await settle()
      expect(heard).toEqual([])
      await t.database.db.transaction(async (tx) => notifyChanged(tx, 'regions'))
      await settle()
      expect(heard).toEqual(['regions'])
    } finally {
      await stop()
    }
  })
})
