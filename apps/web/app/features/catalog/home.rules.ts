import { toCardView, type CardView, type HomeData, type HomeSlider } from '@busana/contract'

/** The home page as the page shows it: the rails' products reduced to their cards. */
export interface HomeView {
  /** `total`: the rail's cards in all; `item` may hold only the first view's. */
  slider: (Omit<HomeSlider, 'item'> & { item: CardView[]; total: number })[]
  category: HomeData['category']
}

/**
 * Rails whose cards the server renders: the first screenful on a phone and on a laptop ends before
 * the second rail's cards. The later ones fill in from the browser once it is idle.
 */
export const HOME_FIRST_VIEW_RAILS = 1
/** Cards per rail the server renders: a laptop's row of 5 (a phone shows 2.5). */
export const RAIL_FIRST_VIEW = 5

/**
 * The home answer reduced to the first view: the first rails' first cards, each only what a card
 * shows, so the page's HTML stays under 50 KB (issue 12). The rest joins after hydration.
 */
export function firstViewHome(data: HomeData): HomeView {
  return {
    slider: data.slider.map((slider, index) => ({
      ...slider,
      item: index < HOME_FIRST_VIEW_RAILS ? slider.item.slice(0, RAIL_FIRST_VIEW).map(toCardView) : [],
      total: slider.item.length,
    })),
    category: data.category,
  }
}

/** The whole home answer as cards (what the browser shows once it has it). */
export function fullHome(data: HomeData): HomeView {
  return {
    slider: data.slider.map((slider) => ({
      ...slider,
      item: slider.item.map(toCardView),
      total: slider.item.length,
    })),
    category: data.category,
  }
}

/** True when some rail has cards the first view left out. */
export const homeHasMore = (view: HomeView) => view.slider.some((s) => s.item.length < s.total)
