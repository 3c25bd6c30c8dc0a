import { fileURLToPath } from 'node:url'
import { existsSync } from 'node:fs'
import fastifyStatic from '@fastify/static'
import { createRequestHandler, type ServerBuild } from 'react-router'
import { listenForChangesAt, loadApi } from '@busana/api'
import { listenWithGracefulShutdown } from '@busana/server/lifecycle'
import { loadConfig } from './storefront-config.ts'
import { buildStorefrontServer, type StorefrontServerOptions } from './storefront-server.ts'
import { pollChanges } from './change-poll.ts'
import { pagePatterns } from './page-routes.ts'

/**
 * `npm run serve` (and `npm start`, `npm run dev` with --dev): the storefront's server.
 * Without API_URL (the default) one process serves the server-rendered storefront and mounts the
 * API, and is the API process: migrations, regions, seeding and jobs (startApiRuntime). With
 * API_URL it renders through that API over HTTP and proxies the browser's API calls to it, opening
 * no database. `--dev` serves the app through Vite's middleware with hot reload.
 */
const dev = process.argv.includes('--dev')
const config = loadConfig()
let render: StorefrontServerOptions['render'] = () => Promise.reject(new Error('not ready'))
let afterClose = async () => {}
let onDrain = () => {}
let pagePattern: (pathname: string) => string | undefined = () => undefined
let announce = () => {}

const options: StorefrontServerOptions = {
  config,
  noPageCache: dev,
  dev,
  render: (request, context) => render(request, context),
  pagePattern: (pathname) => pagePattern(pathname),
  adminDir: fileURLToPath(new URL('../admin/dist/', import.meta.url)),
}
if (config.API_URL) {
  options.apiUrl = config.API_URL
} else {
  // Imported here only: the storefront alone loads no part of the API that opens a database. The
  // API reads its own configuration from the same environment.
  const { apiPlugin, loadApiConfig, startApiRuntime } = await loadApi()
  const apiConfig = loadApiConfig()
  const runtime = await startApiRuntime(apiConfig)
  onDrain = runtime.drain
  afterClose = runtime.stop
  announce = () => runtime.announce()
  options.mountApi = async (app, onChange) => {
    await app.register(apiPlugin, { config: apiConfig, database: runtime.database, onChange })
  }
}
const { app, dropPages } = await buildStorefrontServer(options)

// The storefront alone still hears of changes: through a LISTEN connection when it can reach the
// database's server, else by asking the API every second for the last change it heard.
if (config.API_URL && config.DATABASE_URL) {
  const onError = (error: Error) => app.log.warn({ err: error }, 'change listener connection lost')
  try {
    afterClose = await listenForChangesAt(config.DATABASE_URL, dropPages, onError)
  } catch (error) {
    app.log.warn({ err: error }, 'cannot listen for changes: asking the API for them instead')
    const stop = pollChanges(config.API_URL, dropPages)
    afterClose = async () => stop()
  }
} else if (config.API_URL) {
  const stop = pollChanges(config.API_URL, dropPages)
  afterClose = async () => stop()
}

if (dev) {
  const { createServer } = await import('vite')
  const middie = (await import('@fastify/middie')).default
  const vite = await createServer({
    root: fileURLToPath(new URL('.', import.meta.url)),
    server: { middlewareMode: true },
  })
  await app.register(middie)
  app.use(vite.middlewares)
  render = async (request, context) => {
    const build = (await vite.ssrLoadModule('virtual:react-router/server-build')) as ServerBuild
    return createRequestHandler(build, 'development')(request, context)
  }
} else {
  const buildDir = fileURLToPath(new URL('./build/', import.meta.url))
  if (!existsSync(`${buildDir}server/index.js`)) {
    console.error('No storefront build found: run `npm run build` (or `npm start`, which builds first).')
    process.exit(1)
  }
  const build = (await import(`${buildDir}server/index.js`)) as ServerBuild
  const handler = createRequestHandler(build, 'production')
  pagePattern = pagePatterns(build.routes)
  render = (request, context) => handler(request, context)
  await app.register(fastifyStatic, {
    root: `${buildDir}client`,
    wildcard: false,
    cacheControl: false,
    // Hashed file names under /assets never change: cache them for a year.
    setHeaders(res, path) {
      res.setHeader(
        'cache-control',
        path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
      )
    },
  })
}

// SIGTERM/SIGINT: drain, then finish the running job and close the database (decision 045).
await listenWithGracefulShutdown(app, config, { onDrain: () => onDrain(), afterClose: () => afterClose() })
// `npm start` ends its output with one plain block: the shop's and back office's addresses, who
// signs in (the first owner's one-time password, shown only here) and where the demo's codes are.
announce()
