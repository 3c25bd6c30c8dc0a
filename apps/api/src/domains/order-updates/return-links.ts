import type { Db } from '../../db/client.ts'
import type { OrderMessageFacts, ReturnFactsLoader, ReturnMessageFacts } from './facts.ts'

/**
 * What a return's message says (issue 40): the return as the returns module reads it now (`load`,
 * its loadReturnFacts), with the return's page (`/member/returns/{number}`, which asks for sign-in or
 * the phone code like the order page) and, once the new size ships, where to follow it. Null when
 * there is no such return.
 */
export async function loadReturnMessage(
  db: Db,
  returnNumber: string,
  shopUrl: string,
  load: ReturnFactsLoader,
): Promise<NonNullable<OrderMessageFacts['return']> | null> {
  const found = await load(db, returnNumber)
  return found ? withReturnLinks(found, shopUrl) : null
}

/** A return's facts with its links under the shop's origin. */
export function withReturnLinks(
  found: ReturnMessageFacts,
  shopUrl: string,
): NonNullable<OrderMessageFacts['return']> {
  const link = `${shopUrl.replace(/\/+$/, '')}/member/returns/${encodeURIComponent(found.number)}`
  // The shop's /tracking finds orders by their number only (`?order=`), which would show the
  // order's first parcel; the return's page shows the new size's courier and waybill.
  return { ...found, link, trackingLink: found.exchangeShipment ? link : null }
}
