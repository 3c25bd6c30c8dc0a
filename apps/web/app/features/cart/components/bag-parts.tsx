import { useId, useState } from 'react'
import { useTranslation } from '~/lib/i18n-react.ts'
import { TrackedLink } from '~/lib/tracked-link.tsx'
import { useOverlayStore } from '~/lib/overlay-store.ts'
import { InfoIcon } from '~/components/ui/icons.tsx'
import type { Bag } from '../use-bag.ts'
import { CartLineRow } from './cart-line-row.tsx'

/**
 * The bag's info tooltip (docs/product/shopping.md §1): one bag for every brand of the group. The tip is
 * placed against the nearest positioned ancestor (the page header, the drawer's bar), so that even hidden it
 * never sticks out of a phone screen.
 */
export function BagInfo({ align = 'left' }: { align?: 'left' | 'right' }) {
  const { t } = useTranslation('cart')
  const tipId = useId()
  const [open, setOpen] = useState(false)
  return (
    <span className="group inline-flex" onMouseLeave={() => setOpen(false)}>
      <button
        type="button"
        aria-label={t('infoLabel')}
        aria-describedby={tipId}
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
        onBlur={() => setOpen(false)}
        className="grid size-7 place-items-center rounded-full text-neutral-500 hover:text-ink"
      >
        <InfoIcon width={16} height={16} />
      </button>
      <span
        id={tipId}
        role="tooltip"
        className={`absolute top-full z-20 mt-1 w-72 max-w-full bg-ink px-3 py-2 text-left text-xs leading-relaxed font-normal tracking-normal text-white normal-case shadow-lg transition-opacity ${
          align === 'left' ? 'left-0' : 'right-0'
        } ${open ? 'visible opacity-100' : 'invisible opacity-0 group-hover:visible group-hover:opacity-100 group-focus-within:visible group-focus-within:opacity-100'}`}
      >
        {t('info')}
      </span>
    </span>
  )
}

/** Empty bag (docs/product/shopping.md §2): 'Your bag is empty.', "Let's add one, shall we" and 'shop now' to '/'. */
export function EmptyBag({ onNavigate, compact = false }: { onNavigate?: () => void; compact?: boolean }) {
  const { t } = useTranslation('cart')
  return (
    <div
      data-testid="empty-bag"
      className={`flex flex-col items-center gap-2 text-center ${compact ? 'py-12' : 'py-16 lg:py-24'}`}
    >
      <p className="text-lg font-medium">{t('empty')}</p>
      <p className="text-sm text-neutral-500">{t('emptyHint')}</p>
      <TrackedLink to="/" onClick={onNavigate} className="btn-primary mt-5 min-w-44">
        {t('shopNow')}
      </TrackedLink>
    </div>
  )
}

/**
 * The visitor's invitation (docs/product/shopping.md §2; docs/product/account.md §2): login and register open
 * the auth dialog on its Login or Register section.
 */
export function GuestPanel({ beforeOpen, inline = false }: { beforeOpen?: () => void; inline?: boolean }) {
  const { t } = useTranslation('cart')
  const openAuth = useOverlayStore((s) => s.openAuth)
  const open = (section: 'login' | 'register') => {
    beforeOpen?.()
    openAuth(section)
  }
  if (inline) {
    return (
      <p className="text-center text-sm text-neutral-600">
        {t('signInPrompt')}{' '}
        <button type="button" onClick={() => open('login')} className="font-medium text-ink underline">
          {t('signIn')}
        </button>
      </p>
    )
  }
  return (
    <aside aria-label={t('guestTitle')} data-testid="guest-panel" className="border border-neutral-200 p-6">
      <h2 className="text-xs font-semibold uppercase tracking-[0.2em]">{t('guestTitle')}</h2>
      <p className="mt-3 text-sm text-neutral-600">{t('guestText')}</p>
      <div className="mt-5 grid grid-cols-2 gap-2">
        <button type="button" onClick={() => open('login')} className="btn-primary">
          {t('login')}
        </button>
        <button
          type="button"
          onClick={() => open('register')}
          className="btn-outline h-11 text-xs tracking-[0.2em]"
        >
          {t('register')}
        </button>
      </div>
    </aside>
  )
}

/** 'ALL ITEMS': ticks or unticks every row; checked only when all rows are (docs/product/shopping.md §4). */
export function SelectAll({ bag }: { bag: Pick<Bag, 'allChecked' | 'setAllChecked' | 'rows'> }) {
  const { t } = useTranslation('cart')
  const buyable = bag.rows.some((row) => row.line.available)
  return (
    <label className="inline-flex cursor-pointer items-center gap-3 text-xs font-semibold tracking-[0.16em]">
      <input
        type="checkbox"
        className="size-4 accent-ink"
        checked={bag.allChecked}
        disabled={!buyable}
        onChange={(event) => bag.setAllChecked(event.target.checked)}
      />
      {t('allItems')}
    </label>
  )
}

/** 'Total N item': the pieces in the bag. */
export function BagCount({ count, className = '' }: { count: number; className?: string }) {
  const { t } = useTranslation('cart')
  return (
    <p data-testid="bag-count-text" className={`text-sm text-neutral-600 ${className}`}>
      {t('totalItems', { count })}
    </p>
  )
}

/** The rows of the bag, shared by the /cart page and the quick drawer. */
export function BagRows({
  bag,
  compact = false,
  onNavigate,
}: {
  bag: Bag
  compact?: boolean
  onNavigate?: () => void
}) {
  const { t } = useTranslation('cart')
  return (
    <ul aria-label={t('title')} className="divide-y divide-neutral-200">
      {bag.rows.map(({ line, checked, busy }) => (
        <CartLineRow
          key={line.id_line}
          line={line}
          checked={checked}
          loading={bag.loading}
          busy={busy}
          compact={compact}
          onCheckedChange={(value) => bag.setChecked(line.id_line, value)}
          onQtyChange={(qty) => void bag.changeQty(line.id_line, qty)}
          onRemove={() => void bag.remove(line.id_line)}
          onNavigate={onNavigate}
        />
      ))}
    </ul>
  )
}

/** While the stored session and the lines are read. */
export function BagLoading() {
  const { t } = useTranslation('cart')
  return (
    <div role="status" aria-live="polite" className="space-y-4 py-6">
      <span className="sr-only">{t('loading')}</span>
      {[0, 1].map((key) => (
        <div key={key} aria-hidden="true" className="flex gap-4">
          <div className="aspect-[3/4] w-20 animate-pulse bg-neutral-100 lg:w-24" />
          <div className="flex-1 space-y-2 py-1">
            <div className="h-3 w-1/4 animate-pulse bg-neutral-100" />
            <div className="h-4 w-2/3 animate-pulse bg-neutral-100" />
            <div className="h-4 w-1/3 animate-pulse bg-neutral-100" />
          </div>
        </div>
      ))}
    </div>
  )
}
