import { describe, expect, it } from 'vitest'
import type { HomeData } from '@busana/contract'
import { cardFixture } from './catalog.fixtures.ts'
import { firstViewHome, fullHome, HOME_FIRST_VIEW_RAILS, homeHasMore, RAIL_FIRST_VIEW } from './home.rules.ts'

const rail = (name: string, count: number) => ({
  category_name: name,
  title: name,
  id_brand: 9,
  url_image: [`/media/v1/banner/${name}.svg`],
  item: Array.from({ length: count }, (_, i) => cardFixture({ product_code: `${name}-${i}` })),
})
const home: HomeData = {
  slider: [rail('new-drop', 8), rail('tops', 8), rail('sale', 3)],
  category: [{ category_name: 'tops', url_image: '/media/v1/c/tops.svg' }],
}

describe('the home page’s first view', () => {
  it('keeps the first rails’ first cards, as cards only, and says how many each rail has', () => {
    const view = firstViewHome(home)
    expect(view.slider.map((s) => s.total)).toEqual([8, 8, 3])
    expect(view.slider.map((s) => s.item.length)).toEqual(
      home.slider.map((s, i) => (i < HOME_FIRST_VIEW_RAILS ? Math.min(RAIL_FIRST_VIEW, s.item.length) : 0)),
    )
    const card = view.slider[0]!.item[0]!
    expect(card).not.toHaveProperty('url_images')
    expect(card).not.toHaveProperty('is_wishlist')
    expect(card.variant[0]).toEqual({ sku_product: 'new-drop-0-S', ukuran: 'S', status_variant: 'available' })
    // Banners, titles and the category grid stay whole.
    expect(view.slider[2]!.url_image).toEqual(['/media/v1/banner/sale.svg'])
    expect(view.category).toEqual(home.category)
    expect(homeHasMore(view)).toBe(true)
  })

  it('the whole answer fills every rail', () => {
    const full = fullHome(home)
    expect(full.slider.map((s) => s.item.length)).toEqual([8, 8, 3])
    expect(homeHasMore(full)).toBe(false)
  })
})
