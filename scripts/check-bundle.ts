/**
 * `node --import tsx scripts/check-bundle.ts`, run by `npm run test:e2e` right after the build:
 * the built storefront's browser JavaScript (apps/web/build/client) contains no zod, no back office
 * code and no Preact. The browser imports only the contract's zod-free core (docs/decisions/012); a
 * lint rule keeps zod imports out of browser code, and this proves the result in the real bundle,
 * whatever path zod took. The storefront runs on React 19 itself: Preact (and its compat aliases)
 * must not come back through a stray alias or dependency, or the page would ship two renderers.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
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

/**
 * What survives minification of Preact: the object literal of every vnode its core and its JSX
 * runtime create (the mangled `__k`, `__`, `__b`, `__e` fields, in this order) and the hooks'
 * per-component state (`__H`). A minifier keeps an object literal's keys and their order; React
 * names none of these (checked below against every production build of react, react-dom, scheduler).
 */
export const PREACT_SIGNATURE =
  /__k:\s*null,\s*__:\s*null,\s*__b:\s*0,\s*__e:\s*null|__H\s*=\s*\{\s*__:\s*\[\],\s*__h:\s*\[\]\s*\}/

/**
 * Verbatim excerpts of Preact 11.2.0's minified dist (dist/preact.mjs, hooks/dist/hooks.mjs), so the
 * self-check below proves the signature even once Preact is no longer installed.
 */
export const PREACT_SAMPLES = {
  'preact/dist/preact.mjs':
    'function m(r,u,i,f,o){var e={type:r,props:u,key:i,ref:f,__k:null,__:null,__b:0,__e:null,__c:null,constructor:h,__v:o||++t,__i:-1,__u:0};return!o&&n.vnode&&n.vnode(e),e}',
  'preact/hooks/dist/hooks.mjs': 'var u=r.__H||(r.__H={__:[],__h:[]});',
}

/** Preact's own files (when installed) that must carry the signature, and React's that must not. */
const PREACT_DIST = [
  'preact/dist/preact.mjs',
  'preact/hooks/dist/hooks.mjs',
  'preact/jsx-runtime/dist/jsxRuntime.mjs',
]
const REACT_DIST = ['react/cjs', 'react-dom/cjs', 'scheduler/cjs'] // every *.production.js in these

const nodeModules = fileURLToPath(new URL('../node_modules', import.meta.url))
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

/** The browser files that carry Preact, with the first match of each. */
export function preactInBundle(dir = clientDir): { file: string; match: string }[] {
  return jsFiles(dir).flatMap((file) => {
    const match = PREACT_SIGNATURE.exec(readFileSync(file, 'utf8'))
    return match ? [{ file: relative(dir, file), match: match[0] }] : []
  })
}

/**
 * Proves the Preact signature: it must match each built-in sample and Preact's own dist files when
 * installed, and none of React's production files when installed. Says why not (problem), or how
 * many installed files it was tried on.
 */
export function checkPreactSignature(modules = nodeModules): {
  problem: string | null
  preactFiles: number
  reactFiles: number
} {
  let preactFiles = 0
  let reactFiles = 0
  for (const [file, sample] of Object.entries(PREACT_SAMPLES)) {
    if (!PREACT_SIGNATURE.test(sample)) {
      return { problem: `does not match its sample of ${file}`, preactFiles, reactFiles }
    }
  }
  for (const file of PREACT_DIST) {
    const path = join(modules, file)
    if (!existsSync(path)) continue
    preactFiles++
    if (!PREACT_SIGNATURE.test(readFileSync(path, 'utf8'))) {
      return { problem: `no longer matches Preact's own ${file}`, preactFiles, reactFiles }
    }
  }
  for (const dir of REACT_DIST) {
    if (!existsSync(join(modules, dir))) continue
    for (const name of readdirSync(join(modules, dir)).filter((n) => n.endsWith('.production.js'))) {
      reactFiles++
      const match = PREACT_SIGNATURE.exec(readFileSync(join(modules, dir, name), 'utf8'))
      if (match) {
        return { problem: `matches React's own ${dir}/${name} (${match[0]})`, preactFiles, reactFiles }
      }
    }
  }
  return { problem: null, preactFiles, reactFiles }
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
  // The Preact signature must match Preact and not React, or the check below would mean nothing.
  const signature = checkPreactSignature()
  if (signature.problem) {
    console.error(`check-bundle: the Preact signature ${signature.problem}; update it`)
    process.exit(1)
  }
  const preact = preactInBundle()
  if (preact.length > 0) {
    console.error('check-bundle: Preact reached the storefront bundle (the storefront runs on React itself):')
    for (const { file, match } of preact) console.error(`  ${file}: ${match}`)
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
  const proof = `signature proven on ${Object.keys(PREACT_SAMPLES).length} samples and ${signature.preactFiles} installed Preact files, clear of ${signature.reactFiles} React files`
  console.log(
    `check-bundle: ${files.length} browser JavaScript files, no zod, no Preact (0 files; ${proof}) and no back office code (${adminFiles.length} back office files apart)`,
  )
}
