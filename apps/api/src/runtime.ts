import pino from 'pino'
import { outboxWarning, type Config } from './config.ts'
import type { Database } from './db/client.ts'
import { prepareDatabase } from './db/setup.ts'
import { startHousekeeping } from './jobs/housekeeping.ts'
import { ensureFirstStaff } from './domains/staff/index.ts'
import { startNotice } from './start-notice.ts'
import { startPaymentExpiry } from './jobs/payment-expiry.ts'
import { startDeliveryCheck } from './jobs/delivery-check.ts'
import { startOrderUpdates } from './jobs/order-updates.ts'
import { startEvents } from './jobs/events.ts'
import { alertPace, eventLoopBusy } from './domains/alerts/index.ts'
import { orderUpdateSettings, useOrderUpdateSettings } from './domains/order-updates/index.ts'
import { createMessaging } from './providers/messaging/index.ts'
import { createMail } from './providers/mail/index.ts'
import type { FastifyBaseLogger } from 'fastify'
import { createTracking } from './providers/tracking/index.ts'
import { createPayments } from './providers/payments/index.ts'
import { loggerOptions } from '@busana/server/logger'

export interface ApiRuntime {
  database: Database
  /** The process has begun to drain: no job run starts from now on (one going on goes on). */
  drain(): void
  /**
   * After the server has closed: waits for the job runs going on, then closes the database
   * (docs/decisions/045-graceful-restarts.md). Starts no run either.
   */
  stop(): Promise<void>
  /**
   * Once the server listens: prints the start's plain notice on stdout (start-notice.ts: the
   * addresses, who signs in, the one-time password of an owner this start created), if it has one.
   */
  announce(write?: (text: string) => void): void
}

type Log = {
  info(obj: object, msg: string): void
  warn(obj: object, msg: string): void
  error(obj: object, msg: string): void
}

/**
 * The one entry point that makes a process an API process: opens the database, runs the
 * migrations, seeds the demo catalog when SEED_ON_START allows it, loads the regions, makes sure
 * the first staff account exists and starts the jobs (housekeeping, payment expiry, delivery
 * check, order updates). The storefront alone (API_URL) never calls it.
 */
export async function startApiRuntime(
  config: Config,
  log: Log = pino(loggerOptions(config) as pino.LoggerOptions),
): Promise<ApiRuntime> {
  const database = await prepareDatabase(config, (message) => log.info({}, message))
  const outbox = outboxWarning(config)
  if (outbox) log.warn({}, outbox)
  const firstOwner = await ensureFirstStaff(database.db, config, log)
  useOrderUpdateSettings(orderUpdateSettings(config))
  const stopHousekeeping = startHousekeeping(database.db, log)
  const stopExpiry = startPaymentExpiry({ db: database.db, payments: createPayments(config), config, log })
  const stopDeliveryCheck = startDeliveryCheck({
    db: database.db,
    tracking: createTracking(config),
    config,
    log,
  })
  const providerLog = log as unknown as FastifyBaseLogger
  const messaging = createMessaging(config, database.db, providerLog)
  const mail = createMail(config, database.db, providerLog)
  // Background work yields to shoppers: while this process is busy answering them, the order
  // updates and the events wait for a quiet moment, 3 s at most (issue 41: a sale's orders each
  // queue a dozen statements of messages; sent a few seconds later, they leave the rush its pool).
  // Alerts also keep their own pace (issue 42).
  const load = eventLoopBusy()
  const yieldTo = { busy: load.busy }
  const stopOrderUpdates = await startOrderUpdates(
    {
      db: database.db,
      messaging,
      mail,
      shopUrl: config.PUBLIC_URL,
      claimMs: config.ORDER_UPDATES_CLAIM_SECONDS * 1000,
      log,
    },
    database,
    { yieldTo },
  )
  const stopEvents = await startEvents(
    {
      db: database.db,
      messaging,
      mail,
      shopUrl: config.PUBLIC_URL,
      phoneChannel: config.ORDER_UPDATES_PHONE,
      pace: alertPace(config.ALERTS_PER_SECOND, { busy: load.busy }),
      claimMs: config.ORDER_UPDATES_CLAIM_SECONDS * 1000,
      log,
    },
    database,
    { yieldTo },
  )
  // Each stop ends its job's timers at once and resolves when that job's run going on has finished.
  let stopping: Promise<unknown> | null = null
  const drain = () => {
    stopping ??= Promise.all([
      stopHousekeeping(),
      stopExpiry(),
      stopDeliveryCheck(),
      stopOrderUpdates(),
      stopEvents().finally(load.stop),
    ])
  }
  return {
    database,
    drain,
    announce(write = (text) => void process.stdout.write(text)) {
      // Not through the logger: a plain block for the person who started the shop, printed once.
      const notice = startNotice(firstOwner, config)
      if (notice) write(notice)
    },
    async stop() {
      drain()
      await stopping
      await database.close()
    },
  }
}
