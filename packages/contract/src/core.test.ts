import { readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

/**
 * The modules `@busana/contract` loads at run time: index.ts and what it imports as values,
 * transitively. `import type` and `export type *` are erased, so they are not followed.
 */
function runtimeGraph(entry: string): Map<string, string[]> {
  const graph = new Map<string, string[]>()
  const visit = (file: string) => {
    if (graph.has(file)) return
    const source = readFileSync(file, 'utf8')
    const specifiers = [
      ...source.matchAll(/^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?'([^']+)'/gm),
    ].map((match) => match[1]!)
    graph.set(file, specifiers)
    for (const specifier of specifiers) {
      if (specifier.startsWith('.')) visit(resolve(dirname(file), specifier))
    }
  }
  visit(entry)
  return graph
}

const here = dirname(fileURLToPath(import.meta.url))

describe('the core entry point (decision 012)', () => {
  const graph = runtimeGraph(resolve(here, 'index.ts'))

  it('loads no zod and no schema module, so the browser may import it', () => {
    const imports = [...graph.values()].flat()
    expect(imports.filter((specifier) => !specifier.startsWith('.'))).toEqual([])
    expect([...graph.keys()].filter((file) => file.endsWith('.schemas.ts'))).toEqual([])
  })

  it('sees through the graph it checks (the schemas entry does load zod)', () => {
    const schemas = runtimeGraph(resolve(here, 'schemas.ts'))
    expect([...schemas.values()].flat()).toContain('zod')
  })
})
