import { describe, expect, it } from 'vitest'
import {
  canSubmitReview,
  pagerItems,
  ratingAverage,
  reviewCharactersLeft,
  REVIEW_TEXT_MAX,
} from './reviews.rules.ts'

describe('pagerItems', () => {
  it('shows every page when they fit', () => {
    expect(pagerItems(1, 1, 5)).toEqual([1])
    expect(pagerItems(3, 5, 5)).toEqual([1, 2, 3, 4, 5])
    expect(pagerItems(2, 7, 7)).toEqual([1, 2, 3, 4, 5, 6, 7])
    expect(pagerItems(1, 0, 5)).toEqual([])
  })

  it('never shows more than the slots, keeps first and last, puts ellipses where pages are left out', () => {
    for (const slots of [5, 7]) {
      for (let total = 1; total <= 30; total++) {
        for (let page = 1; page <= total; page++) {
          const items = pagerItems(page, total, slots)
          expect(items.length).toBeLessThanOrEqual(slots)
          expect(items).toContain(page)
          expect(items[0]).toBe(1)
          expect(items.at(-1)).toBe(total)
          const numbers = items.filter((i): i is number => i !== 'ellipsis')
          expect([...numbers].sort((a, b) => a - b)).toEqual(numbers)
        }
      }
    }
  })

  it('matches the usual shapes at 5 and 7 slots', () => {
    expect(pagerItems(1, 10, 5)).toEqual([1, 2, 3, 'ellipsis', 10])
    expect(pagerItems(5, 10, 5)).toEqual([1, 'ellipsis', 5, 'ellipsis', 10])
    expect(pagerItems(10, 10, 5)).toEqual([1, 'ellipsis', 8, 9, 10])
    expect(pagerItems(1, 10, 7)).toEqual([1, 2, 3, 4, 5, 'ellipsis', 10])
    expect(pagerItems(5, 10, 7)).toEqual([1, 'ellipsis', 4, 5, 6, 'ellipsis', 10])
    expect(pagerItems(10, 10, 7)).toEqual([1, 'ellipsis', 6, 7, 8, 9, 10])
  })
})

describe('review form rules', () => {
  it('needs a rating 1 to 5 and 1 to 300 characters', () => {
    expect(canSubmitReview(5, 'Lovely')).toBe(true)
    expect(canSubmitReview(0, 'Lovely')).toBe(false)
    expect(canSubmitReview(6, 'Lovely')).toBe(false)
    expect(canSubmitReview(3, '   ')).toBe(false)
    expect(canSubmitReview(3, 'a'.repeat(REVIEW_TEXT_MAX))).toBe(true)
    expect(canSubmitReview(3, 'a'.repeat(REVIEW_TEXT_MAX + 1))).toBe(false)
  })

  it('counts characters, not UTF-16 units', () => {
    expect(reviewCharactersLeft('👍👍')).toBe(REVIEW_TEXT_MAX - 2)
  })

  it('averages to one decimal', () => {
    expect(ratingAverage(14, 3)).toBe(4.7)
    expect(ratingAverage(0, 0)).toBe(0)
  })
})
