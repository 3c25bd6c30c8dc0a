import { hasMorePages, type CategoryGroup } from '@busana/contract'
import { LISTING_PAGE_SIZE } from '~/lib/page-sizes.ts'

/**
 * Joins consecutive groups with the same name (a segment continued on the next page keeps one
 * heading and its banners); plain groups (no name) join into one grid.
 */
export function mergeGroups(groups: CategoryGroup[]): CategoryGroup[] {
  const merged: CategoryGroup[] = []
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

/** Another listing page may follow: a full page of 10 came back, in a non-empty group list. */
export function listingHasMore(groups: CategoryGroup[]): boolean {
  const items = groups.reduce((sum, group) => sum + group.item.length, 0)
  return hasMorePages({ items, groups: groups.length }, LISTING_PAGE_SIZE)
}

/** Banner images of a segment (img1 to img3, empty ones left out). */
export const groupBanners = (group: CategoryGroup) => [group.img1, group.img2, group.img3].filter(Boolean)
