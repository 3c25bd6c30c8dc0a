import { useEffect, useState } from 'react'
import { useNamespaceT } from '~/lib/use-namespace-t.ts'
import { useReducedMotion } from '~/lib/motion.ts'

const pad = (n: number) => String(n).padStart(2, '0')

/**
 * 'Dd HH:MM:SS' of the time left (seconds rounded up); 'Dd HH:MM' without seconds (minutes rounded
 * up) for a shopper who asked for less motion (issue 29).
 */
export function remainingText(ms: number, seconds = true): string {
  const total = seconds ? Math.max(0, Math.ceil(ms / 1000)) : Math.max(0, Math.ceil(ms / 60_000)) * 60
  const days = Math.floor(total / 86_400)
  const hoursMinutes = `${pad(Math.floor((total % 86_400) / 3600))}:${pad(Math.floor((total % 3600) / 60))}`
  const clock = seconds ? `${hoursMinutes}:${pad(total % 60)}` : hoursMinutes
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
  const calm = useReducedMotion()
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
      {left === null ? (calm ? '--:--' : '--:--:--') : remainingText(left, !calm)}
    </p>
  )
}
