import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

/**
 * Code and module READMEs cite the project's own statement of the product (docs/product/, issue 25),
 * which an engineer holding only the repository can read, never the specification it was first
 * written from. Every cited section exists.
 */
const root = new URL('..', import.meta.url).pathname
const sources = execFileSync('git', ['ls-files', 'apps', 'packages', 'scripts'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\n')
  .filter(
    (file) =>
      /\.(ts|tsx|js|md)$/.test(file) && !file.endsWith('citations.test.ts') && existsSync(root + file),
  )

const SPEC_CITATION = /\bspec\s+00[01]\b/i
const PRODUCT_CITATION = /docs\/product\/(shopping|account)\.md(?: §(\d+))?/g

const sectionsOf = (doc: string) =>
  new Set(
    [...readFileSync(`${root}docs/product/${doc}.md`, 'utf8').matchAll(/^## (\d+)\. /gm)].map((m) => m[1]),
  )

describe('citations of the product', () => {
  it('name docs/product, not the original specification', () => {
    const offenders = sources.filter((file) => SPEC_CITATION.test(readFileSync(root + file, 'utf8')))
    expect(offenders).toEqual([])
  })

  it('name sections that exist', () => {
    const sections = { shopping: sectionsOf('shopping'), account: sectionsOf('account') }
    expect(sections.shopping.size).toBe(9)
    expect(sections.account.size).toBe(9)
    const broken = sources.flatMap((file) =>
      [...readFileSync(root + file, 'utf8').matchAll(PRODUCT_CITATION)]
        .filter(
          ([, doc, section]) =>
            section !== undefined && !sections[doc as 'shopping' | 'account'].has(section),
        )
        .map(([citation]) => `${file}: ${citation}`),
    )
    expect(broken).toEqual([])
  })

  it('would notice a citation of the specification (the check can fail)', () => {
    expect(SPEC_CITATION.test('the bag (spec 000 section 2)')).toBe(true)
    expect(SPEC_CITATION.test('the bag (docs/product/shopping.md §2)')).toBe(false)
  })
})
