/**
 * `npm run build:servers` (part of `npm run build`): compiles the servers to plain JavaScript in
 * `dist/`, so production runs them with `node` alone and an install without dev dependencies
 * serves the store (decision 044):
 *
 * - `dist/storefront.js`: the storefront's server (apps/web/server.ts), which mounts the API and
 *   runs its jobs unless API_URL is set (`npm run serve`);
 * - `dist/api.js`: the API alone (apps/api/src/server.ts, `npm run start:api`);
 * - `dist/db.js`: migrations and the demo seed (apps/api/src/db/cli.ts: `node dist/db.js migrate`).
 *
 * esbuild bundles our own code (the workspaces, written in TypeScript) and leaves every package
 * from node_modules as an import, resolved at run time from the same node_modules. Code loaded with
 * `import()` (the API behind the storefront, the demo store, decision 042) stays in chunks of its
 * own, loaded only when asked for.
 */
import { readFile, rm } from 'node:fs/promises'
import { builtinModules } from 'node:module'
import { dirname, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build, type Plugin } from 'esbuild'

const root = fileURLToPath(new URL('../', import.meta.url))
const outdir = `${root}dist`

/**
 * Our source files find their neighbours (migrations, videos, the storefront's build, the back
 * office) relative to `import.meta.url`. In the bundle that would be the output file's address, so
 * each source file gets its own original address instead, written relative to `dist/` (every
 * entry and chunk is written there), which keeps the tree movable as a whole.
 */
const sourceAddresses: Plugin = {
  name: 'source-addresses',
  setup(builder) {
    builder.onLoad({ filter: /\.tsx?$/ }, async (args) => {
      if (args.path.includes('/node_modules/')) return undefined
      const text = await readFile(args.path, 'utf8')
      const loader = args.path.endsWith('.tsx') ? 'tsx' : 'ts'
      if (!text.includes('import.meta.url')) return { contents: text, loader }
      const fromDist = relative(outdir, args.path)
      const address = `new URL(${JSON.stringify(fromDist)}, import.meta.url).href`
      return { contents: text.replaceAll('import.meta.url', address), loader, resolveDir: dirname(args.path) }
    })
  },
}

/**
 * Every package is left to node_modules except our workspaces, which are TypeScript and bundled.
 * A package resolves from `dist/` as from the repository's root; where a workspace has its own
 * version under its node_modules (npm could not hoist it), the import names that version's file.
 */
const packagesStayExternal: Plugin = {
  name: 'packages-stay-external',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.path.startsWith('@busana/') || args.pluginData === 'resolving') return undefined
      if (args.path.startsWith('node:') || builtinModules.includes(args.path)) {
        return { path: args.path, external: true }
      }
      const resolved = await builder.resolve(args.path, {
        kind: args.kind,
        resolveDir: args.resolveDir,
        pluginData: 'resolving',
      })
      if (resolved.errors.length > 0) return { errors: resolved.errors }
      const hoisted = resolved.path.startsWith(`${root}node_modules/`)
      return { path: hoisted ? args.path : relative(outdir, resolved.path), external: true }
    })
  },
}

await rm(outdir, { recursive: true, force: true })
const result = await build({
  absWorkingDir: root,
  entryPoints: {
    storefront: 'apps/web/server.ts',
    api: 'apps/api/src/server.ts',
    db: 'apps/api/src/db/cli.ts',
  },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  jsx: 'automatic',
  sourcemap: 'linked',
  chunkNames: '[name]-[hash]',
  metafile: true,
  logLevel: 'warning',
  // The storefront's server build (React Router's) is found at run time by its path.
  logOverride: { 'unsupported-dynamic-import': 'silent' },
  plugins: [sourceAddresses, packagesStayExternal],
})

const outputs = Object.entries(result.metafile.outputs).filter(([file]) => file.endsWith('.js'))
const bytes = outputs.reduce((sum, [, output]) => sum + output.bytes, 0)
console.log(`servers compiled: ${outputs.length} files, ${(bytes / 1024).toFixed(0)} KB in dist/`)
