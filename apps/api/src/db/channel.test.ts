import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { sql } from 'drizzle-orm'
import { buildTestApp, type TestApp } from '../test/build-test-app.ts'
import type { Channel } from './client.ts'

/**
 * `Database.channel` (db/client.ts): a LISTEN connection that can send on its own channel. What the
 * sold-out memory's fence rests on: a payload sent from it is heard back after everything committed
 * on the channel before it; a lost connection is told at once and replaced.
 */
let t: TestApp
beforeAll(async () => {
  t = await buildTestApp({ seed: false })
})
afterAll(async () => {
  await t.close()
})

/** Opens `name` on the test database, collecting what it hears and when it is lost or back. */
async function open(name: string) {
  const heard: string[] = []
  const events: string[] = []
  const channel: Channel = await t.database.channel(name, {
    message: (payload) => heard.push(payload),
    lost: () => events.push('lost'),
    back: () => events.push('back'),
  })
  return { channel, heard, events }
}

describe('a channel that sends on its own connection', () => {
  it('hears its own payload back after what others committed before it, in order', async () => {
    const c = await open('busana_channel_order')
    try {
      for (let i = 0; i < 20; i++) {
        await t.database.db.execute(sql`select pg_notify('busana_channel_order', ${`other:${i}`})`)
        await c.channel.send(`own:${i}`)
      }
      await vi.waitFor(() => expect(c.heard).toContain('own:19'))
      expect(c.heard).toEqual(Array.from({ length: 20 }, (_, i) => [`other:${i}`, `own:${i}`]).flat())
      expect(c.events).toEqual([])
    } finally {
      await c.channel.stop()
    }
  })

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'on PostgreSQL: a lost connection is told at once, refuses to send, and listens again',
    async () => {
      const c = await open('busana_channel_loss')
      try {
        await t.database.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and application_name = 'busana listen busana_channel_loss'`)
        await vi.waitFor(() => expect(c.events).toEqual(['lost']))
        await expect(c.channel.send('while lost')).rejects.toThrow(/lost/)
        await vi.waitFor(() => expect(c.events).toEqual(['lost', 'back']), { timeout: 5000 })
        await c.channel.send('after')
        await vi.waitFor(() => expect(c.heard).toEqual(['after']))
      } finally {
        await c.channel.stop()
      }
    },
  )
})
