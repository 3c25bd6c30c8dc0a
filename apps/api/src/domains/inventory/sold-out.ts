import { randomBytes } from 'node:crypto'
import type { Channel, Database } from '../../db/client.ts'
import { soldOutFences } from '../../metrics.ts'

/**
 * What this process knows is sold out (issue 41, decision 019 addendum 5): in a sale most PAY NOW
 * presses come after the last unit, and each used to read the variants to be refused. A press whose
 * sizes this memory holds is refused without that read, and never while a unit is free.
 *
 * How it stays true:
 * - Every rise of a sellable stock, whatever makes it (a claim or order given back, a cancel, an
 *   adjustment, an import, returned units), sends `s:<sku>` on STOCK_CHANNEL in its own transaction:
 *   a trigger on `sellable_stock` (migration 0030), so no path can forget it.
 * - A size is remembered only from a read that saw it at 0 (the claim's statement, or checkout's
 *   first read), and only if no rise of it was heard since just before that read was sent (`mark`).
 *   From then on a rise heard forgets it.
 * - Before refusing from memory the press waits for a **fence**: this process sends a payload of its
 *   own on the channel, from its listening connection, and waits to hear it back. PostgreSQL queues
 *   a transaction's notifications before it commits and every listener reads the queue in order,
 *   never past an entry whose transaction is still running; so when the fence comes back, every
 *   rise committed before the fence was queued has been heard. The fence was sent after the press
 *   arrived. A size still remembered then was at 0 when read and did not rise before that moment:
 *   it was sold out at a moment of the press. (PGlite runs one connection: a statement's
 *   notifications are heard before it resolves.)
 * - One fence serves every press that asked before it was sent: one statement per batch, not per
 *   press. A lost connection forgets everything and refuses nothing until it listens again; a fence
 *   not heard within FENCE_TIMEOUT_MS answers false, and the press reads as before.
 */
export const STOCK_CHANNEL = 'busana_stock'

/** A fence not heard back within this is given up: the press reads the stock instead. */
export const FENCE_TIMEOUT_MS = 2000

/** How many sizes' last rise is kept before the marks taken earlier are given up (memory bound). */
const RISES_KEPT = 10_000

/** What a refusal names: the product and the size, as the read that saw it at 0 found them. */
export interface SoldOutNames {
  productName: string
  ukuran: string
}

interface Fence {
  id: number
  waiters: ((heard: boolean) => void)[]
  timer?: NodeJS.Timeout
}

export class SoldOutMemory {
  /** Rises heard (every message bumps it): a mark is its value just before a read is sent. */
  private heard = 0
  /** Marks before this cannot remember anything (a loss, the catalog changed, the rises forgotten). */
  private floor = 0
  private listening = true
  private readonly risenAt = new Map<string, number>()
  private readonly soldOut = new Map<string, SoldOutNames>()
  /** This process's fences carry its token: the other processes' fences are not ours to settle. */
  private readonly token = randomBytes(6).toString('base64url')
  private fences = 0
  private inFlight: Fence | null = null
  private queued: Fence['waiters'] | null = null
  private channel: Channel | null = null

  /** Opens the memory on `database`'s stock channel. */
  static async open(database: Pick<Database, 'channel'>): Promise<SoldOutMemory> {
    const memory = new SoldOutMemory()
    memory.channel = await database.channel(STOCK_CHANNEL, {
      message: (payload) => memory.onMessage(payload),
      lost: () => memory.onLost(),
      back: () => memory.onBack(),
    })
    return memory
  }

  /** Taken just before sending a read whose answer may be remembered. */
  mark(): number {
    return this.heard
  }

  /**
   * The read sent after `mark` saw `sku` at 0: remembered, unless a rise of it was heard since (or
   * anything that forgets all).
   */
  remember(sku: string, names: SoldOutNames, mark: number): void {
    if (!this.listening || mark < this.floor || (this.risenAt.get(sku) ?? -1) > mark) return
    this.soldOut.set(sku, { productName: names.productName, ukuran: names.ukuran })
  }

  /** The first of `skus` remembered sold out, with its names (not yet proven for a press: see `fence`). */
  soldOutAmong(skus: Iterable<string>): { sku: string; names: SoldOutNames } | null {
    for (const sku of skus) {
      const names = this.soldOut.get(sku)
      if (names) return { sku, names }
    }
    return null
  }

  /**
   * Resolves true once everything committed on the stock channel before a fence sent after this
   * call has been heard; false when it cannot be known (lost connection, no answer in time).
   */
  fence(): Promise<boolean> {
    if (!this.listening || !this.channel) return Promise.resolve(false)
    return new Promise((resolve) => {
      ;(this.queued ??= []).push(resolve)
      if (!this.inFlight) this.sendQueued()
    })
  }

  /** Forgets every size (the catalog changed: a refusal's names may have). */
  forgetAll(): void {
    this.soldOut.clear()
    this.floor = ++this.heard
  }

  async close(): Promise<void> {
    this.onLost()
    this.listening = false
    await this.channel?.stop()
    this.channel = null
  }

  private sendQueued(): void {
    const waiters = this.queued
    this.queued = null
    if (!waiters || !this.channel) return
    const fence: Fence = { id: ++this.fences, waiters }
    this.inFlight = fence
    fence.timer = setTimeout(() => this.settle(fence.id, false), FENCE_TIMEOUT_MS)
    fence.timer.unref()
    this.channel.send(`f:${this.token}:${fence.id}`).catch(() => this.settle(fence.id, false))
  }

  private settle(id: number, heard: boolean): void {
    const fence = this.inFlight
    if (!fence || fence.id !== id) return
    clearTimeout(fence.timer)
    this.inFlight = null
    soldOutFences.inc({ outcome: heard ? 'heard' : 'unheard' })
    soldOutFences.inc({ outcome: 'waiters' }, fence.waiters.length)
    for (const resolve of fence.waiters) resolve(heard)
    if (this.listening) this.sendQueued()
    else this.failQueued()
  }

  private failQueued(): void {
    const waiters = this.queued ?? []
    this.queued = null
    for (const resolve of waiters) resolve(false)
  }

  private onMessage(payload: string): void {
    if (payload.startsWith('f:')) {
      const [, token, id] = payload.split(':')
      if (token === this.token) this.settle(Number(id), true)
      return
    }
    if (!payload.startsWith('s:')) {
      // Not a size: anything may have risen.
      this.forgetAll()
      return
    }
    const sku = payload.slice(2)
    this.heard++
    this.soldOut.delete(sku)
    if (this.risenAt.size >= RISES_KEPT) {
      this.risenAt.clear()
      this.floor = this.heard
    }
    this.risenAt.set(sku, this.heard)
  }

  private onLost(): void {
    this.listening = false
    this.forgetAll()
    if (this.inFlight) this.settle(this.inFlight.id, false)
    this.failQueued()
  }

  private onBack(): void {
    this.forgetAll()
    this.listening = true
  }
}
