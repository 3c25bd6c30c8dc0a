import { describe, expect, it } from 'vitest'
import * as contract from '@busana/contract'
import * as local from './page-sizes.ts'

describe('page sizes', () => {
  it('match the contract', () => {
    expect(local.LISTING_PAGE_SIZE).toBe(contract.LISTING_PAGE_SIZE)
    expect(local.SEARCH_PAGE_SIZE).toBe(contract.SEARCH_PAGE_SIZE)
    expect(local.SEARCH_POPUP_SIZE).toBe(contract.SEARCH_POPUP_SIZE)
    expect(local.SEARCH_MIN_CHARS).toBe(contract.SEARCH_MIN_CHARS)
  })
})
