import { existsSync, readdirSync } from 'node:fs'
import { dirname, relative, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import { ERROR_MESSAGES_ID, errors } from './errors.ts'

type Entries = Record<string, unknown>
type Part = { file: string; entries: Entries; textsId: Entries }

const here = dirname(fileURLToPath(import.meta.url))

/** Every `*.errors.ts` file under src/, found by name so a part errors.ts forgets still counts. */
async function loadParts(): Promise<Part[]> {
  const files = readdirSync(here, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.errors.ts'))
    .sort()
  return Promise.all(
    files.map(async (file) => {
      const module = (await import(pathToFileURL(resolve(here, file)).href)) as Record<string, unknown>
      const named = (suffix: RegExp) => {
        const found = Object.keys(module).filter((name) => suffix.test(name))
        expect(found, `${file} exports one ${String(suffix)}`).toHaveLength(1)
        return module[found[0]!] as Entries
      }
      return { file, entries: named(/Errors$/), textsId: named(/ErrorsId$/) }
    }),
  )
}

const merge = (parts: Entries[]) => Object.assign({}, ...parts) as Entries

describe('the error catalogue, one part per module (issue 42)', async () => {
  const parts = await loadParts()

  it('finds the parts it checks', () => {
    const files = parts.map((part) => part.file)
    expect(files).toContain('http.errors.ts')
    expect(files).toContain('alerts/alerts.errors.ts')
    expect(parts.length).toBeGreaterThan(10)
  })

  it('declares every code in exactly one part', () => {
    const where = new Map<string, string[]>()
    for (const part of parts) {
      for (const code of Object.keys(part.entries)) where.set(code, [...(where.get(code) ?? []), part.file])
    }
    expect([...where].filter(([, files]) => files.length !== 1)).toEqual([])
    expect([...where.keys()].sort()).toEqual(Object.keys(errors).sort())
  })

  it('gives each part an Indonesian text for each of its codes and no other', () => {
    for (const part of parts) {
      expect(Object.keys(part.textsId).sort(), part.file).toEqual(Object.keys(part.entries).sort())
    }
  })

  it('assembles errors and ERROR_MESSAGES_ID from the parts, entry for entry', () => {
    expect(merge(parts.map((part) => part.entries))).toStrictEqual({ ...errors })
    expect(merge(parts.map((part) => part.textsId))).toStrictEqual({ ...ERROR_MESSAGES_ID })
  })

  it('keeps each part in the folder of the API module that raises its codes (http.errors.ts: none)', () => {
    const domains = resolve(here, '../../../apps/api/src/domains')
    const misplaced = parts
      .map((part) => part.file)
      .filter((file) => file !== 'http.errors.ts')
      .filter((file) => {
        const folder = dirname(file)
        return file !== `${folder}/${folder}.errors.ts` || !existsSync(resolve(domains, folder))
      })
    expect(misplaced, relative(here, domains)).toEqual([])
  })
})
