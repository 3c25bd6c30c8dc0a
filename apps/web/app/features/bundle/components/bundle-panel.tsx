import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
import type { Product, ProductCard, Variant } from '@busana/contract'
import { ApiError, type ApiClient } from '~/lib/api-client'
import { useOverlayStore } from '~/lib/overlay-store'
import { addBundleToBag, checkStock } from '../bundle.api'
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
  isBundleBlocked,
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
import { useBundleT } from '../use-bundle-t'
import { BundleSlotView } from './bundle-slot'

export type BundlePanelProduct = BundleProduct & Pick<Product, 'product_name'>

/**
 * The bundle purchase panel (spec 000 §2, §4 Bundle slots, §5, §8): one slot per non-empty bundling
 * option, Add Products, the running total (recomputed 300 ms after a change) and Add to bag, which
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
  /** After the bundle is in the bag (the route refreshes the bag). */
  onAdded?: () => void | Promise<void>
  /** Called before a visitor is sent to the sign-in dialog. */
  onSignIn?: () => void
  /** Beside Add to bag (the route puts the wishlist toggle there). */
  aside?: ReactNode
}) {
  const t = useBundleT()
  const openAuth = useOverlayStore((s) => s.openAuth)
  const showMessage = useOverlayStore((s) => s.showMessage)
  const headingId = useId()
  const max = product.max_bundling

  const [slots, setSlots] = useState<BundleSlot[]>(() => initialSlots(product))
  const [shownTotal, setShownTotal] = useState(() => bundleTotal(slots))
  const [busySlot, setBusySlot] = useState<number | null>(null)
  const [adding, setAdding] = useState(false)
  const resetTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => () => clearTimeout(resetTimer.current), [])

  // The total is recomputed about 300 ms after any slot change (spec 000 §4, §9).
  useEffect(() => {
    const timer = setTimeout(() => setShownTotal(bundleTotal(slots)), BUNDLE_TOTAL_DELAY_MS)
    return () => clearTimeout(timer)
  }, [slots])

  const blocked = isBundleBlocked(product)
  const locked = qtyLocked(product)
  const token = session?.token ?? null

  /** Runs the stock check for slot `slotId` to hold `qty` of `variant`; true when the server allows it. */
  async function stockAllows(current: BundleSlot[], slotId: number, variant: Variant, qty: number) {
    setBusySlot(slotId)
    try {
      const allowed = await checkStock(api, stockCheckFor(current, slotId, variant.sku_product, qty), token)
      if (!allowed) showMessage(t('noStock', 'Not enough stock for this size.'), 'error')
      return allowed
    } catch {
      // The API client already shows the server's message.
      return false
    } finally {
      setBusySlot(null)
    }
  }

  /** Applies `update` only if the slot still holds what it held when the check started. */
  function applyIfUnchanged(before: BundleSlot, update: (slots: BundleSlot[]) => BundleSlot[]) {
    setSlots((now) => {
      const slot = now.find((s) => s.id === before.id)
      const same =
        slot &&
        slot.product_code === before.product_code &&
        slot.variant?.sku_product === before.variant?.sku_product &&
        slot.qty === before.qty
      return same ? update(now) : now
    })
  }

  /** A size pick (by the shopper or for a single-variant product) at the pick quantity. */
  async function pickSize(current: BundleSlot[], slotId: number, variant: Variant) {
    const slot = current.find((s) => s.id === slotId)
    if (!slot || slot.variant?.sku_product === variant.sku_product || !isVariantPickable(variant)) return
    const cap = sizePickBlock(product, current)
    if (cap) {
      showMessage(cap, 'error')
      return
    }
    const qty = pickedQty(product)
    if (!(await stockAllows(current, slotId, variant, qty))) return
    applyIfUnchanged(slot, (now) => setVariant(now, slotId, variant, qty))
  }

  function onChoose(slotId: number, option: ProductCard | null) {
    const next = chooseProduct(slots, slotId, option)
    setSlots(next)
    const only = option ? singleVariant(option) : null
    // Exactly one variant: picked for the shopper after a stock check (spec 000 §4).
    if (only) void pickSize(next, slotId, only)
  }

  async function onPlus(slot: BundleSlot) {
    if (locked || !slot.variant) return
    const cap = increaseBlock(product, slots)
    if (cap) {
      showMessage(cap, 'error')
      return
    }
    if (!(await stockAllows(slots, slot.id, slot.variant, slot.qty + 1))) return
    applyIfUnchanged(slot, (now) => setQty(now, slot.id, slot.qty + 1))
  }

  function onMinus(slot: BundleSlot) {
    if (locked) return
    const action = minusAction(slots, slot)
    if (action === 'decrease') setSlots(setQty(slots, slot.id, slot.qty - 1))
    else if (action === 'remove') setSlots(removeSlot(slots, slot.id))
  }

  async function onAddToBag() {
    if (blocked || adding) return
    if (!session) {
      onSignIn?.()
      openAuth('login', 'checkout')
      return
    }
    const block = addBlock(product, slots)
    if (block) {
      showMessage(block, 'error')
      return
    }
    setAdding(true)
    try {
      const message = await addBundleToBag(api, session.token, product.product_code, bundlingPayload(slots))
      showMessage(message || t('added', 'The bundle is in your bag.'), 'success')
      void Promise.resolve(onAdded?.()).catch(() => undefined)
      // The slots reset about 300 ms after a successful add (spec 000 §4).
      clearTimeout(resetTimer.current)
      resetTimer.current = setTimeout(() => setSlots(initialSlots(product)), BUNDLE_RESET_DELAY_MS)
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
            busy={busySlot === slot.id}
            minusEnabled={!locked && minusAction(slots, slot) !== null}
            plusEnabled={!locked && slot.variant !== null && slot.qty > 0}
            onChoose={(option) => onChoose(slot.id, option)}
            onPickSize={(variant) => void pickSize(slots, slot.id, variant)}
            onMinus={() => onMinus(slot)}
            onPlus={() => void onPlus(slot)}
          />
        ))}
      </ol>

      <button
        type="button"
        onClick={() => setSlots(addSlot(slots, extraSlotOptions(product)))}
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
