import { bundleComposition, type CartLine } from '@busana/contract'

/**
 * The client-side checked flags by id_line. A line without an entry is checked: new lines arrive
 * checked (docs/product/shopping.md §3, Cart line: checked defaults to true), whatever order the stored flags
 * and the server's lines arrive in.
 */
export type CheckedFlags = Record<string, boolean>

/** A line's quantity as a number (the answers carry qty as a string). */
export function lineQty(line: Pick<CartLine, 'qty'>): number {
  const qty = Number(line.qty)
  return Number.isFinite(qty) && qty > 0 ? qty : 0
}

type FlagLine = Pick<CartLine, 'id_line' | 'available'>

/**
 * A row's checkbox: its flag, unchecked when the line can no longer be bought (the bag never offers
 * what is not there; the server refuses it at checkout anyway).
 */
export function isLineChecked(flags: CheckedFlags, line: FlagLine): boolean {
  return line.available && flags[String(line.id_line)] !== false
}

/** The checked lines, in the bag's order: what checkout sends (docs/product/account.md §4). */
export function checkedLines<L extends FlagLine>(lines: L[], flags: CheckedFlags): L[] {
  return lines.filter((line) => isLineChecked(flags, line))
}

/**
 * Select-all is checked only when every row is (docs/product/shopping.md §4); rows that cannot be bought
 * have no say, and a bag without a buyable row leaves it unchecked.
 */
export function allLinesChecked(lines: FlagLine[], flags: CheckedFlags): boolean {
  const buyable = lines.filter((line) => line.available)
  return buyable.length > 0 && buyable.every((line) => isLineChecked(flags, line))
}

/** Sum of price times quantity over the checked lines (docs/product/shopping.md §9: the bag computes no shipping). */
export function checkedTotal(
  lines: Pick<CartLine, 'id_line' | 'available' | 'price' | 'qty'>[],
  flags: CheckedFlags,
): number {
  return checkedLines(lines, flags).reduce((sum, line) => sum + line.price * lineQty(line), 0)
}

/** Pieces in the checked lines ('Total N item' counts what the shopper is buying). */
export function checkedQty(
  lines: Pick<CartLine, 'id_line' | 'available' | 'qty'>[],
  flags: CheckedFlags,
): number {
  return checkedLines(lines, flags).reduce((sum, line) => sum + lineQty(line), 0)
}

/** Pieces in the whole bag (the header icon's count). */
export function bagQty(lines: Pick<CartLine, 'qty'>[]): number {
  return lines.reduce((sum, line) => sum + lineQty(line), 0)
}

/**
 * Minus works only above quantity 1 (docs/product/shopping.md §5), and not while a change of this line is
 * under way: it sends the new quantity, computed from the one shown, so a second tap before the
 * answer would send the same quantity again and be lost.
 */
export function canDecrease(line: Pick<CartLine, 'qty'>, busy = false): boolean {
  return !busy && lineQty(line) > 1
}

/** Plus is disabled while the bag is loading and at the line's stock limit (max_qty). */
export function canIncrease(
  line: Pick<CartLine, 'qty' | 'max_qty' | 'available'>,
  loading: boolean,
): boolean {
  return !loading && line.available && lineQty(line) < line.max_qty
}

/** Flags kept only for lines still in the bag; the rest would grow the stored flags forever. */
export function pruneFlags(flags: CheckedFlags, lines: readonly Pick<CartLine, 'id_line'>[]): CheckedFlags {
  const ids = new Set(lines.map((line) => String(line.id_line)))
  return Object.fromEntries(Object.entries(flags).filter(([id]) => ids.has(id)))
}

/**
 * The flags for the bag `next` the server answered in place of `previous`: flags of lines gone are
 * dropped (pruneFlags), and when every line that was ticked has left the bag (an order took them)
 * while nothing of what remains is ticked, what remains is ticked (issue 26 item 14). Lines left for
 * later must not make the bag read 'Order Value Rp 0' after the order; a shopper who unticked
 * everything, with every line still there, keeps their choice.
 */
export function flagsForBag(
  flags: CheckedFlags,
  previous: readonly FlagLine[],
  next: readonly FlagLine[],
): CheckedFlags {
  const kept = pruneFlags(flags, next)
  const ticked = checkedLines([...previous], flags)
  if (ticked.length === 0) return kept
  const ids = new Set(next.map((line) => String(line.id_line)))
  if (ticked.some((line) => ids.has(String(line.id_line)))) return kept
  if (checkedLines([...next], kept).length > 0) return kept
  // No flag is a tick: dropping the untick flags ticks every line that remains.
  return Object.fromEntries(Object.entries(kept).filter(([, on]) => on))
}

/** Where checkout starts: members go to /checkout, phone-verified guests to /checkout-as-guest. */
export function checkoutPath(asGuest: boolean): '/checkout' | '/checkout-as-guest' {
  return asGuest ? '/checkout-as-guest' : '/checkout'
}

/** What was just added to the bag: a variant sku, or a bundle product with its parts. */
export type AddedItem =
  | { sku_product: string }
  | { product_code: string; bundling: readonly { sku_product: string; qty: number }[] }

/**
 * The bag line an add went to: the plain line of that sku, or the line of that bundle product with
 * the same composition, parts in any order or split (the server's line identity, decision 010).
 */
export function addedLine<L extends Pick<CartLine, 'product_code' | 'sku_product' | 'bundling'>>(
  lines: readonly L[],
  item: AddedItem,
): L | undefined {
  if ('sku_product' in item) {
    return lines.find((line) => line.sku_product === item.sku_product && !line.bundling?.length)
  }
  const key = bundleComposition(item.bundling)
  return lines.find(
    (line) =>
      line.product_code === item.product_code &&
      !!line.bundling?.length &&
      bundleComposition(line.bundling) === key,
  )
}
