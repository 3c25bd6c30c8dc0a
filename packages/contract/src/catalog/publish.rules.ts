import { say, type Localized } from '../language.ts'

/**
 * What a product needs before shoppers see it (issue 43): a size to buy, a picture to look at and
 * stock in some warehouse. Publishing answers 409 naming what is missing unless the staff member
 * forces it (a size cannot be forced: without one the product has no price, decision 037).
 */
export const PUBLISH_NEEDS = ['size', 'picture', 'stock'] as const
export type PublishNeed = (typeof PUBLISH_NEEDS)[number]

/** What a product has, as the publishing check counts it. */
export interface PublishFacts {
  sizes: number
  pictures: number
  /** Units on hand over its sizes in every warehouse. */
  onHand: number
}

/** What `facts` lack, in PUBLISH_NEEDS order (empty: nothing is missing). */
export function missingForPublishing(facts: PublishFacts): PublishNeed[] {
  const has: Record<PublishNeed, boolean> = {
    size: facts.sizes > 0,
    picture: facts.pictures > 0,
    stock: facts.onHand > 0,
  }
  return PUBLISH_NEEDS.filter((need) => !has[need])
}

/** Whether publishing anyway (`force`) can publish a product that lacks `missing`. */
export const forceablePublish = (missing: readonly PublishNeed[]) => !missing.includes('size')

/** Each missing thing in the words shoppers would use ("This product has …" / "Produk ini …"). */
export const PUBLISH_NEED_TEXT: Record<PublishNeed, Localized> = {
  size: say('no size', 'belum punya ukuran'),
  picture: say('no picture', 'belum punya gambar'),
  stock: say('no stock in any warehouse', 'belum punya stok di gudang mana pun'),
}

/** The joined list: 'a, b and c' (English), 'a, b, dan c' (Indonesian keeps the last comma). */
function joinList(parts: string[], and: string): string {
  if (parts.length <= 1) return parts.join('')
  if (parts.length === 2) return `${parts[0]} ${and} ${parts[1]}`
  return `${parts.slice(0, -1).join(', ')}${and === 'dan' ? ',' : ''} ${and} ${parts.at(-1)}`
}

/** The 409's message, naming what is missing (and, without a size, what to do first). */
export function publishRefusal(missing: readonly PublishNeed[]): Localized {
  const en = `This product has ${joinList(
    missing.map((need) => PUBLISH_NEED_TEXT[need].en),
    'and',
  )}`
  const id = `Produk ini ${joinList(
    missing.map((need) => PUBLISH_NEED_TEXT[need].id),
    'dan',
  )}`
  return forceablePublish(missing)
    ? say(en, id)
    : say(`${en}: add a size before publishing`, `${id}: tambahkan ukuran sebelum menerbitkan`)
}
