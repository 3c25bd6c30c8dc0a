/**
 * `node --import tsx scripts/check-bundle.ts`, run by `npm run test:e2e` right after the build:
 * the built storefront's browser JavaScript (apps/web/build/client) contains no zod. The browser
 * imports only the contract's zod-free core (docs/decisions/012); a lint rule keeps zod imports
 * out of browser code, and this proves the result in the real bundle, whatever path zod took.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

/** What survives minification of zod: its `_zod` internals property and its class names. */
export const ZOD_SIGNATURE = /\b_zod\b|\$Zod[A-Z]\w*|\bZodError\b/

/**
 * What marks the back office's code (apps/admin, issue 14): its language key and the libraries only
 * it uses. None of it may reach the storefront's bundles.
 */
export const ADMIN_SIGNATURE = /busana-admin-language|react-hook-form|TanStack Table|tanstack\/query/i

const adminDir = fileURLToPath(new URL('../apps/admin/dist/assets', import.meta.url))
const clientDir = fileURLToPath(new URL('../apps/web/build/client', import.meta.url))

function jsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return jsFiles(path)
    return entry.name.endsWith('.js') ? [path] : []
  })
}

/** The storefront's browser files that carry the back office's code. */
export function adminInBundle(dir = clientDir): { file: string; match: string }[] {
  return jsFiles(dir).flatMap((file) => {
    const match = ADMIN_SIGNATURE.exec(readFileSync(file, 'utf8'))
    return match ? [{ file: relative(dir, file), match: match[0] }] : []
  })
}

/** The browser files that carry zod, with the first match of each. */
export function zodInBundle(dir = clientDir): { file: string; match: string }[] {
  return jsFiles(dir).flatMap((file) => {
    const match = ZOD_SIGNATURE.exec(readFileSync(file, 'utf8'))
    return match ? [{ file: relative(dir, file), match: match[0] }] : []
  })
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // The signature must match zod itself, or the check below would pass for nothing.
  const zodDir = dirname(createRequire(import.meta.url).resolve('zod/package.json'))
  for (const file of ['v4/core/errors.js', 'v4/classic/schemas.js']) {
    if (!ZOD_SIGNATURE.test(readFileSync(join(zodDir, file), 'utf8'))) {
      console.error(`check-bundle: the zod signature no longer matches zod's own ${file}; update it`)
      process.exit(1)
    }
  }
  let files: string[]
  try {
    files = jsFiles(clientDir)
  } catch {
    files = []
  }
  if (files.length === 0) {
    console.error(`check-bundle: no JavaScript in ${clientDir}; run npm run build first`)
    process.exit(1)
  }
  const found = zodInBundle()
  if (found.length > 0) {
    console.error('check-bundle: zod reached the browser bundle (import the zod-free @busana/contract):')
    for (const { file, match } of found) console.error(`  ${file}: ${match}`)
    process.exit(1)
  }
  // The back office's own build must carry its signature, or the check below would pass for nothing.
  let adminFiles: string[] = []
  try {
    adminFiles = jsFiles(adminDir)
  } catch {
    adminFiles = []
  }
  if (!adminFiles.some((file) => ADMIN_SIGNATURE.test(readFileSync(file, 'utf8')))) {
    console.error(`check-bundle: no back office build with its signature in ${adminDir}; run npm run build`)
    process.exit(1)
  }
  const admin = adminInBundle()
  if (admin.length > 0) {
    console.error('check-bundle: back office code reached the storefront bundle:')
    for (const { file, match } of admin) console.error(`  ${file}: ${match}`)
    process.exit(1)
  }
  console.log(
    `check-bundle: ${files.length} browser JavaScript files, no zod and no back office code (${adminFiles.length} back office files apart)`,
  )
}
