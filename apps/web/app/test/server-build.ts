/**
 * Tests' stand-in for React Router's `virtual:react-router/server-build` (vitest.config.ts aliases
 * it here): the app's real route config (app/routes.ts) with the real route modules, shaped as the
 * server build's `routes`, so the root loader matches and reads `handle.i18n` as in production.
 */
import type { ServerBuild } from 'react-router'
import config from '~/routes.ts'
import * as root from '~/root.tsx'

type ConfigEntry = { id?: string; file: string; path?: string; index?: boolean; children?: ConfigEntry[] }

type RouteModule = NonNullable<ServerBuild['routes'][string]>['module']
const modules = import.meta.glob<RouteModule>(['../routes/*.tsx', '!../routes/*.test.tsx'], { eager: true })

export const routes: ServerBuild['routes'] = {
  root: { id: 'root', path: '', module: root as never },
}

function add(entries: readonly ConfigEntry[], parentId: string) {
  for (const entry of entries) {
    const id = entry.id ?? entry.file.replace(/\.tsx?$/, '')
    const module = modules[`../${entry.file}`]
    if (!module) throw new Error(`No route module ${entry.file}`)
    routes[id] = { id, parentId, path: entry.path, index: entry.index, caseSensitive: undefined, module }
    if (entry.children) add(entry.children, id)
  }
}
add(config as readonly ConfigEntry[], 'root')
