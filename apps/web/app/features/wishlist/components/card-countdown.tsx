import { useEffect, useState } from 'react'
import { useNamespaceT } from '~/lib/use-namespace-t.ts'

const pad = (n: number) => String(n).padStart(2, '0')

/** 'Dd HH:MM:SS' of the time left (seconds rounded up). */
export function remainingText(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000))
  const days = Math.floor(total / 86_400)
  const clock = `${pad(Math.floor((total % 86_400) / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`
  return days > 0 ? `${days}d ${clock}` : clock
}

/**
 * A card's compact countdown to end_at (docs/product/account.md §2, Wishlist: countdown when flagged). The
 * time left is never computed during render (placeholders until the first tick), then it ticks every second.
 */
export function CardCountdown({ endAt }: { endAt: string }) {
  const t = useNamespaceT('wishlist')
  const end = Date.parse(endAt)
  const [left, setLeft] = useState<number | null>(null)
  useEffect(() => {
    if (!Number.isFinite(end)) return
    const tick = () => setLeft(Math.max(0, end - Date.now()))
    tick()
    const timer = setInterval(tick, 1000)
    return () => clearInterval(timer)
  }, [end])
  return (
    <p
      role="timer"
      data-testid="card-countdown"
      className="mt-2 inline-flex items-center gap-1.5 bg-accent-soft px-2 py-1 text-[11px] font-medium tabular-nums text-ink"
    >
      <span className="text-neutral-500">{t('endsIn', 'Ends in')}</span>
      {left === null ? '--:--:--' : remainingText(left)}
    </p>
  )
}
