import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
import { isBuyable, type Product, type BundleOption, type Variant } from '@busana/contract'
import { ApiError, type ApiClient } from '~/lib/api-client'
import { signInThen } from '~/lib/after-sign-in'
import { useOverlayStore } from '~/lib/overlay-store'
import { addToBag } from '~/shared/bag/add-to-bag'
import { checkBundle, checkStock } from '../bundle.api'
import {
  addBlock,
  addSlot,
  BUNDLE_RESET_DELAY_MS,
  BUNDLE_TOTAL_DELAY_MS,
  bundleTotal,
  bundlingPayload,
  canAddSlot,
  chooseProduct,
  extraSlotOptions,
  increaseBlock,
  initialSlots,
  isVariantPickable,
  minusAction,
  pickedQty,
  qtyLocked,
  removeSlot,
  setQty,
  setVariant,
  singleVariant,
  sizePickBlock,
  stockCheckFor,
  type BundleProduct,
  type BundleSlot,
} from '../bundle.rules'
import { useNamespaceT } from '~/lib/use-namespace-t.ts'
import { BundleSlotView } from './bundle-slot'

export type BundlePanelProduct = BundleProduct &
  Pick<Product, 'product_name' | 'url_image' | 'selling_price' | 'variant'>

/**
 * The bundle purchase panel (docs/product/shopping.md §2, §4 Bundle slots, §5, §8): one slot per non-empty
 * bundling option, Add Products, the running total (recomputed 300 ms after a change) and Add to bag, which
 * passes only an exact match with max_bundling. Mount it with `key={product_code}`: a new product
 * starts with fresh slots.
 */
export function BundlePanel({
  product,
  session,
  api,
  onAdded,
  onSignIn,
  aside,
}: {
  product: BundlePanelProduct
  /** The signed-in member, or null for a visitor (Add to bag then opens the sign-in dialog). */
  session: { token: string } | null
  api: ApiClient
  /**
   * After the bundle is in the bag (the route refreshes the bag); once it resolves, the bundle's bag
   * line is ticked again if the shopper had unticked it.
   */
  onAdded?: () => void | Promise<void>
  /** Called before a visitor is sent to the sign-in dialog. */
  onSignIn?: () => void
  /** Beside Add to bag (the route puts the wishlist toggle there). */
  aside?: ReactNode
}) {
  const t = useNamespaceT('bundle')
  const showMessage = useOverlayStore((s) => s.showMessage)
  const headingId = useId()
  const max = product.max_bundling

  const [slots, setSlots] = useState<BundleSlot[]>(() => initialSlots(product))
  // The slots as last set, read by handlers and stock-check answers: the render's `slots` may be
  // older when two answers arrive before React renders. Every change goes through commit().
  const latest = useRef(slots)
  const [shownTotal, setShownTotal] = useState(() => bundleTotal(slots))
  // Slots whose stock check is under way (several slots may wait at once).
  const [busySlots, setBusySlots] = useState<readonly number[]>([])
  const [adding, setAdding] = useState(false)
  const resetTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => () => clearTimeout(resetTimer.current), [])

  // The total is recomputed about 300 ms after any slot change (docs/product/shopping.md §4, §9).
  useEffect(() => {
    const timer = setTimeout(() => setShownTotal(bundleTotal(slots)), BUNDLE_TOTAL_DELAY_MS)
    return () => clearTimeout(timer)
  }, [slots])

  const blocked = !isBuyable(product)
  const locked = qtyLocked(product)
  const token = session?.token ?? null

  function commit(next: BundleSlot[]) {
    latest.current = next
    setSlots(next)
  }

  /** Runs the stock check for slot `slotId` to hold `qty` of `variant`; true when the server allows it. */
  async function stockAllows(current: BundleSlot[], slotId: number, variant: Variant, qty: number) {
    setBusySlots((busy) => [...busy, slotId])
    try {
      const allowed = await checkStock(api, stockCheckFor(current, slotId, variant.sku_product, qty), token)
      if (!allowed) showMessage(t('noStock', 'Not enough stock for this size.'), 'error')
      return allowed
    } catch {
      // The API client already shows the server's message.
      return false
    } finally {
      setBusySlots((busy) => {
        const at = busy.indexOf(slotId)
        return at < 0 ? busy : [...busy.slice(0, at), ...busy.slice(at + 1)]
      })
    }
  }

  /**
   * Applies `update` once a stock check has allowed it, against the slots as they are now: nothing
   * if the slot no longer holds what it held when the check started; the product's message if `cap`
   * (the same cap as at the click) now refuses it. Another slot may have changed meanwhile (a plus
   * here and a size pick there, both waiting for their checks): the second answer must not carry
   * the total past max_bundling.
   */
  function applyChecked(
    before: BundleSlot,
    cap: (now: readonly BundleSlot[]) => string | null,
    update: (now: BundleSlot[]) => BundleSlot[],
  ) {
    const now = latest.current
    const slot = now.find((s) => s.id === before.id)
    const same =
      slot &&
      slot.product_code === before.product_code &&
      slot.variant?.sku_product === before.variant?.sku_product &&
      slot.qty === before.qty
    if (!same) return
    const refused = cap(now)
    if (refused) showMessage(refused, 'error')
    else commit(update(now))
  }

  /** A size pick (by the shopper or for a single-variant product) at the pick quantity. */
  async function pickSize(slotId: number, variant: Variant) {
    const current = latest.current
    const slot = current.find((s) => s.id === slotId)
    if (!slot || slot.variant?.sku_product === variant.sku_product || !isVariantPickable(variant)) return
    const cap = sizePickBlock(product, current)
    if (cap) {
      showMessage(cap, 'error')
      return
    }
    const qty = pickedQty(product)
    if (!(await stockAllows(current, slotId, variant, qty))) return
    applyChecked(
      slot,
      (now) => sizePickBlock(product, now),
      (now) => setVariant(now, slotId, variant, qty),
    )
  }

  function onChoose(slotId: number, option: BundleOption | null) {
    commit(chooseProduct(latest.current, slotId, option))
    const only = option ? singleVariant(option) : null
    // Exactly one variant: picked for the shopper after a stock check (docs/product/shopping.md §4).
    if (only) void pickSize(slotId, only)
  }

  async function onPlus(slotId: number) {
    const current = latest.current
    const slot = current.find((s) => s.id === slotId)
    if (locked || !slot?.variant) return
    const cap = increaseBlock(product, current)
    if (cap) {
      showMessage(cap, 'error')
      return
    }
    if (!(await stockAllows(current, slot.id, slot.variant, slot.qty + 1))) return
    applyChecked(
      slot,
      (now) => increaseBlock(product, now),
      (now) => setQty(now, slot.id, slot.qty + 1),
    )
  }

  function onMinus(slotId: number) {
    const current = latest.current
    const slot = current.find((s) => s.id === slotId)
    if (locked || !slot) return
    const action = minusAction(current, slot)
    if (action === 'decrease') commit(setQty(current, slot.id, slot.qty - 1))
    else if (action === 'remove') commit(removeSlot(current, slot.id))
  }

  async function onAddToBag() {
    if (blocked || adding) return
    if (!session) {
      onSignIn?.()
      // The bundle as chosen then is added once the visitor has signed in (issue 26 item 12).
      signInThen(addBundle, 'checkout')
      return
    }
    await addBundle(session.token)
  }

  /** Checks the chosen composition, then adds it to the bag of the session with `memberToken`. */
  async function addBundle(memberToken: string) {
    const current = latest.current
    const block = addBlock(product, current)
    if (block) {
      showMessage(block, 'error')
      return
    }
    setAdding(true)
    try {
      const bundling = bundlingPayload(current)
      // The shared Add to bag: its confirmation as a plain add shows it; once the bag is refreshed
      // (not awaited: the slots reset meanwhile), this composition's line is ticked again.
      await addToBag({
        api,
        token: memberToken,
        item: { product_code: product.product_code, sku_product: bundling },
        check: () => checkBundle(api, memberToken, product.product_code, bundling),
        fallbackMessage: t('added', 'The bundle is in your bag.'),
        notice: {
          product_name: product.product_name,
          ukuran: '',
          price: product.variant[0]?.selling_price ?? product.selling_price,
          image: product.url_image || null,
        },
        refresh: onAdded ?? (() => undefined),
      })
      // The slots reset about 300 ms after a successful add (docs/product/shopping.md §4).
      clearTimeout(resetTimer.current)
      resetTimer.current = setTimeout(() => commit(initialSlots(product)), BUNDLE_RESET_DELAY_MS)
    } catch (error) {
      // The API client shows its own failures; anything else is said here.
      if (!(error instanceof ApiError) && error instanceof Error) showMessage(error.message, 'error')
    } finally {
      setAdding(false)
    }
  }

  const progress = max > 0 ? Math.min(100, Math.round((shownTotal / max) * 100)) : 0
  const complete = shownTotal === max

  return (
    <section aria-labelledby={headingId} data-testid="bundle-panel" className="space-y-4">
      <div className="space-y-2">
        <div className="flex items-baseline justify-between gap-3">
          <h2 id={headingId} className="text-xs font-semibold tracking-[0.14em] text-ink uppercase">
            {t('title', 'Build your bundle')}
          </h2>
          <p className="text-xs text-neutral-500" data-testid="bundle-total" aria-live="polite">
            <span className="text-sm font-semibold tabular-nums text-ink">{shownTotal}</span>
            {' / '}
            {t('totalOf', '{{max}} pcs', { max })}
          </p>
        </div>
        <div
          className="h-1 w-full overflow-hidden bg-neutral-200"
          role="progressbar"
          aria-label={t('progress', 'Pieces chosen')}
          aria-valuemin={0}
          aria-valuemax={max}
          aria-valuenow={shownTotal}
        >
          <div
            className={`h-full transition-[width] duration-300 ${complete ? 'bg-emerald-700' : 'bg-ink'}`}
            style={{ width: `${progress}%` }}
          />
        </div>
        <p className="text-xs text-neutral-500">
          {locked
            ? t('hintLimit', 'Choose {{max}} pieces, {{qty}} of each item.', {
                max,
                qty: product.limit_qty_bundling,
              })
            : t('hint', 'Choose {{max}} pieces in all, in any mix of products and sizes.', { max })}
        </p>
      </div>

      <ol className="space-y-2.5">
        {slots.map((slot, index) => (
          <BundleSlotView
            key={slot.id}
            slot={slot}
            index={index + 1}
            chooserDisabled={blocked}
            busy={busySlots.includes(slot.id)}
            minusEnabled={!locked && minusAction(slots, slot) !== null}
            plusEnabled={!locked && slot.variant !== null && slot.qty > 0}
            onChoose={(option) => onChoose(slot.id, option)}
            onPickSize={(variant) => void pickSize(slot.id, variant)}
            onMinus={() => onMinus(slot.id)}
            onPlus={() => void onPlus(slot.id)}
          />
        ))}
      </ol>

      <button
        type="button"
        onClick={() => commit(addSlot(latest.current, extraSlotOptions(product)))}
        disabled={!canAddSlot(product, slots)}
        className="flex h-11 w-full items-center justify-center gap-2 border border-dashed border-neutral-400 text-xs font-semibold tracking-[0.14em] text-ink uppercase transition-colors hover:border-ink hover:bg-neutral-50 disabled:cursor-not-allowed disabled:border-neutral-200 disabled:text-neutral-400 disabled:hover:bg-transparent"
      >
        <span aria-hidden="true" className="text-base leading-none font-normal">
          +
        </span>
        {t('addProducts', 'Add Products')}
      </button>

      <div className="flex gap-2">
        <button
          type="button"
          onClick={() => void onAddToBag()}
          disabled={blocked || adding}
          className="h-12 flex-1 bg-ink px-6 text-xs font-semibold tracking-[0.2em] text-white uppercase transition-colors hover:bg-neutral-700 disabled:cursor-not-allowed disabled:bg-neutral-300 disabled:text-neutral-500"
        >
          {adding ? t('adding', 'Adding…') : t('addToBag', 'Add to bag')}
        </button>
        {aside}
      </div>
      {blocked && (
        <p className="-mt-2 text-xs text-neutral-500">
          {product.status === 'sold'
            ? t('soldOutBundle', 'This bundle is out of stock.')
            : t('comingSoonBundle', 'Coming soon: not available to order yet.')}
        </p>
      )}
    </section>
  )
}
