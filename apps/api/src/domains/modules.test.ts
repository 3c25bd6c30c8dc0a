import { readdirSync, readFileSync, existsSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * The shape of the API's modules (docs/decisions/041-one-module-per-business-domain.md): each has
 * an index.ts and a README, and the modules' imports of each other (always through index.ts, which
 * ESLint enforces) form no cycle.
 */
const root = new URL('.', import.meta.url).pathname
const modules = readdirSync(root, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort()

const sourcesOf = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourcesOf(join(dir, entry.name))
      : /\.ts$/.test(entry.name) && !/\.(test|fixtures|test-utils)\.ts$/.test(entry.name)
        ? [join(dir, entry.name)]
        : [],
  )

/** Which modules each module imports (its production code, not its tests). */
function moduleGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>()
  for (const name of modules) {
    const uses = new Set<string>()
    for (const file of sourcesOf(join(root, name))) {
      for (const match of readFileSync(file, 'utf8').matchAll(
        /from '(?:\.\.\/)+(?:domains\/)?([a-z-]+)\/index\.ts'/g,
      )) {
        if (match[1] !== name && modules.includes(match[1]!)) uses.add(match[1]!)
      }
    }
    graph.set(name, uses)
  }
  return graph
}

/** A cycle of modules, or null. */
function findCycle(graph: Map<string, Set<string>>): string[] | null {
  const state = new Map<string, 'open' | 'done'>()
  const path: string[] = []
  const visit = (name: string): string[] | null => {
    if (state.get(name) === 'done') return null
    if (state.get(name) === 'open') return [...path.slice(path.indexOf(name)), name]
    state.set(name, 'open')
    path.push(name)
    for (const next of graph.get(name) ?? []) {
      const cycle = visit(next)
      if (cycle) return cycle
    }
    path.pop()
    state.set(name, 'done')
    return null
  }
  for (const name of modules) {
    const cycle = visit(name)
    if (cycle) return cycle
  }
  return null
}

describe('the API modules', () => {
  it('each have an index.ts and a README', () => {
    const missing = modules.flatMap((name) =>
      ['index.ts', 'README.md']
        .filter((file) => !existsSync(join(root, name, file)))
        .map((file) => `${name}/${file}`),
    )
    expect(missing).toEqual([])
  })

  it('import each other without a cycle', () => {
    const graph = moduleGraph()
    expect(graph.get('orders')).toContain('payments')
    expect(findCycle(graph)).toBeNull()
  })

  it('finds a cycle when there is one (the check can fail)', () => {
    const graph = moduleGraph()
    graph.get('payments')!.add('orders')
    expect(findCycle(graph)).toEqual(expect.arrayContaining(['orders', 'payments']))
  })
})

/**
 * Each table has one owning module (db/schema/owners.json, issue 42): ESLint's busana/module-tables
 * refuses another module's import of it unless owners.json lists it among the `reaches` still to
 * go. Here: every table has an owner, and every listed reach is still there (the list only shrinks).
 */
const schemaDir = join(root, '..', 'db', 'schema')
const tableOwners = JSON.parse(readFileSync(join(schemaDir, 'owners.json'), 'utf8')) as {
  owners: Record<string, string>
  reaches: Record<string, string[]>
}

/** The tables each module imports from db/schema (its production code). */
function tableImports(): Map<string, Set<string>> {
  const uses = new Map<string, Set<string>>()
  for (const name of modules) {
    const tables = new Set<string>()
    for (const file of sourcesOf(join(root, name))) {
      for (const match of readFileSync(file, 'utf8').matchAll(
        /import (?:type )?\{([^}]*)\} from '(?:\.\.\/)+db\/schema\/[a-z-]+\.ts'/g,
      )) {
        for (const raw of match[1]!.split(',')) {
          const table = raw
            .trim()
            .replace(/^type /, '')
            .split(' as ')[0]!
            .trim()
          if (table) tables.add(table)
        }
      }
    }
    uses.set(name, tables)
  }
  return uses
}

/** Each table's name in SQL (`sales_headers`) to its name in db/schema (`salesHeaders`). */
function sqlNames(): Map<string, string> {
  const names = new Map<string, string>()
  for (const file of readdirSync(schemaDir).filter((f) => f.endsWith('.ts'))) {
    for (const match of readFileSync(join(schemaDir, file), 'utf8').matchAll(
      /export const (\w+) = pgTable\(\s*'(\w+)'/g,
    )) {
      names.set(match[2]!, match[1]!)
    }
  }
  return names
}

/** A source's code without its comments (prose names tables too). */
const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '')

/**
 * The tables each module names in SQL text (`from sales_headers`, `join variants v`, `update …`,
 * `insert into …`): a reach the import guard cannot see, since the statement never imports the
 * table. Answered by db/schema name.
 */
function tablesInSql(): Map<string, Set<string>> {
  const names = sqlNames()
  return new Map(
    modules.map((name) => [
      name,
      new Set(
        sourcesOf(join(root, name)).flatMap((file) => tablesNamedIn(readFileSync(file, 'utf8'), names)),
      ),
    ]),
  )
}

/** The db/schema names of the tables a source's code names in SQL. */
function tablesNamedIn(text: string, names: Map<string, string>): string[] {
  return [
    ...withoutComments(text).matchAll(/\b(?:from|join|update|into)\s+"?([a-z_]+)"?(?=[\s,)"`;]|$)/gi),
  ].flatMap((match) => names.get(match[1]!) ?? [])
}

describe('the tables of the modules', () => {
  it('each have one owner, a module of the API (or the plugin that keeps it)', () => {
    const declared = readdirSync(schemaDir)
      .filter((file) => file.endsWith('.ts'))
      .flatMap((file) =>
        [...readFileSync(join(schemaDir, file), 'utf8').matchAll(/export const (\w+) = pgTable\(/g)].map(
          (match) => match[1]!,
        ),
      )
      .sort()
    expect(Object.keys(tableOwners.owners).sort()).toEqual(declared)
    const strange = Object.entries(tableOwners.owners).filter(
      ([, owner]) => !modules.includes(owner) && !owner.startsWith('plugins/'),
    )
    expect(strange).toEqual([])
  })

  it('are imported or named in SQL by another module only where owners.json still lists the reach, and every listed reach is still there', () => {
    const imported = tableImports()
    const named = tablesInSql()
    const uses = new Map(
      modules.map((name) => [name, new Set([...imported.get(name)!, ...named.get(name)!])] as const),
    )
    const unlisted: string[] = []
    const stale: string[] = []
    for (const [name, tables] of uses) {
      const listed = new Set(tableOwners.reaches[name] ?? [])
      for (const table of tables) {
        const owner = tableOwners.owners[table]
        if (owner && owner !== name && !listed.has(table)) unlisted.push(`${name} → ${table}`)
      }
      for (const table of listed) if (!tables.has(table)) stale.push(`${name} → ${table}`)
    }
    expect(unlisted).toEqual([])
    // A reach paid off is taken off the list, so it cannot come back unseen.
    expect(stale).toEqual([])
  })

  it('are declared in the file of their owning module, one module per file', () => {
    const misplaced = readdirSync(schemaDir)
      .filter((file) => file.endsWith('.ts') && file !== 'index.ts')
      .flatMap((file) =>
        [...readFileSync(join(schemaDir, file), 'utf8').matchAll(/export const (\w+) = pgTable\(/g)]
          .map((match) => match[1]!)
          .filter((table) => `${tableOwners.owners[table]!.replace(/^plugins\//, '')}.ts` !== file)
          .map((table) => `${file}: ${table} (${tableOwners.owners[table]})`),
      )
    expect(misplaced).toEqual([])
  })

  it('are found in SQL text too, and not in comments (the check can fail)', () => {
    const code = [
      '// rows from sales_headers are read below',
      'const q = sql`select h.id from sales_headers h join "sales_lines" l on true`',
      'const u = sql`update variants set stock = 0`; const i = sql`insert into order_updates (id) values (1)`',
      "const a = Array.from(rows); import { x } from 'y'",
    ].join('\n')
    expect(tablesNamedIn(code, sqlNames()).sort()).toEqual([
      'orderUpdates',
      'salesHeaders',
      'salesLines',
      'variants',
    ])
  })
})

/**
 * The demo store (src/demo: seed and art) is apart from production code (decision 042): no static
 * import reaches it from outside; the server loads it with import() where the demo is asked for.
 */
const src = join(root, '..')
const staticDemoImports = (files: string[]) =>
  files.flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/^(?:import|export)\b[^;]*?from '([^']*\bdemo\/[^']*)'/gms)].map(
      (match) => `${file.slice(src.length + 1)}: ${match[1]}`,
    ),
  )

describe('the demo store', () => {
  const production = sourcesOf(src).filter(
    (file) => !file.startsWith(join(src, 'demo')) && !/\/test\//.test(file),
  )

  it('is not imported statically by production code, only loaded with import()', () => {
    expect(staticDemoImports(production)).toEqual([])
    const dynamic = production.filter((file) =>
      /import\('(?:\.\.?\/)+(?:\.\.\/)*demo\//.test(readFileSync(file, 'utf8')),
    )
    expect(dynamic.map((file) => file.slice(src.length + 1)).sort()).toEqual([
      'db/cli.ts',
      'db/setup.ts',
      'domains/media/media.routes.ts',
    ])
  })

  it('finds a static import of the demo when there is one (the check can fail)', () => {
    const probe = join(tmpdir(), 'busana-demo-probe.ts')
    writeFileSync(
      probe,
      "import { seedCatalog } from '../demo/seed/index.ts'\nexport const x = seedCatalog\n",
    )
    expect(staticDemoImports([probe])).toHaveLength(1)
  })
})
