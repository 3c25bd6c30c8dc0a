import {
  hasMorePages,
  LISTING_MAX_LIMIT,
  LISTING_PAGE_SIZE,
  type CardView,
  type CategoryGroup,
} from '@busana/contract'

/** A listing segment as the page shows it: its cards carry only what a card shows. */
export type ListingGroup = Omit<CategoryGroup, 'item'> & { item: CardView[] }

/**
 * Joins consecutive groups with the same name (a segment continued on the next page keeps one
 * heading and its banners); plain groups (no name) join into one grid.
 */
export function mergeGroups(groups: ListingGroup[]): ListingGroup[] {
  const merged: ListingGroup[] = []
  for (const group of groups) {
    const last = merged[merged.length - 1]
    if (last && last.name === group.name) {
      merged[merged.length - 1] = {
        ...last,
        img1: last.img1 || group.img1,
        img2: last.img2 || group.img2,
        img3: last.img3 || group.img3,
        item: [...last.item, ...group.item],
      }
    } else {
      merged.push(group)
    }
  }
  return merged
}

/** The number of cards in a list of groups. */
export const countListingItems = (groups: ListingGroup[]) =>
  groups.reduce((sum, group) => sum + group.item.length, 0)

/**
 * Another listing page may follow: as many as were asked came back (a full page of 10 for a load),
 * in a non-empty group list (docs/product/shopping.md §4, Listing).
 */
export function listingHasMore(groups: ListingGroup[], asked: number = LISTING_PAGE_SIZE): boolean {
  return hasMorePages({ items: countListingItems(groups), groups: groups.length }, asked)
}

/**
 * The calls of a reload (docs/product/shopping.md §4, Listing: "A reload re-requests as many as are already
 * shown"): offset 0 and limit = the cards shown, at least one page. Past the API's cap of 50 the
 * same range is asked in consecutive windows of at most 50.
 */
export function reloadWindows(shown: number): { offset: number; limit: number }[] {
  const total = Math.max(shown, LISTING_PAGE_SIZE)
  const windows: { offset: number; limit: number }[] = []
  for (let offset = 0; offset < total; offset += LISTING_MAX_LIMIT) {
    windows.push({ offset, limit: Math.min(LISTING_MAX_LIMIT, total - offset) })
  }
  return windows
}

/** Banner images of a segment (img1 to img3, empty ones left out). */
export const groupBanners = (group: ListingGroup) => [group.img1, group.img2, group.img3].filter(Boolean)
