import { useEffect, useRef, useState } from 'react'
import { formatWib } from '@busana/contract'
import { splitRemaining } from '../purchase.rules'
import { useNamespaceT } from '~/lib/use-namespace-t.ts'
import { useReducedMotion } from '~/lib/motion.ts'

/** The countdown ticks every second (docs/product/shopping.md §9). */
export const COUNTDOWN_TICK_MS = 1000

/**
 * Days, hours, minutes and seconds to `endAt` on a fixed UTC+7 clock (docs/product/shopping.md §2). The
 * remaining time is never computed during render: the server and the first client render show
 * placeholders, the first tick runs in an effect. At zero it stops and calls onFinish once (the page
 * reloads the product).
 */
export function Countdown({
  endAt,
  onFinish,
  upcoming = false,
}: {
  endAt: string
  onFinish: () => void
  /** The product is not on sale yet (COMING-SOON): the countdown reads 'Available in', else 'Ends in'. */
  upcoming?: boolean
}) {
  const t = useNamespaceT('product')
  const end = Date.parse(endAt)
  const [remaining, setRemaining] = useState<number | null>(null)
  const onFinishRef = useRef(onFinish)
  useEffect(() => {
    onFinishRef.current = onFinish
  })

  useEffect(() => {
    if (!Number.isFinite(end)) return
    let timer: ReturnType<typeof setInterval> | undefined
    let finished = false
    const tick = () => {
      const left = Math.max(0, end - Date.now())
      setRemaining(left)
      if (left === 0 && !finished) {
        finished = true
        clearInterval(timer)
        onFinishRef.current()
      }
    }
    tick()
    if (!finished) timer = setInterval(tick, COUNTDOWN_TICK_MS)
    return () => clearInterval(timer)
  }, [end])

  // Less motion when asked (issue 29): no seconds cell flickering every second, the minutes change.
  const calm = useReducedMotion()
  const parts = remaining === null ? null : splitRemaining(remaining)
  const cells: Array<[string, number | undefined]> = [
    [t('countdown.days', 'Days'), parts?.days],
    [t('countdown.hours', 'Hours'), parts?.hours],
    [t('countdown.minutes', 'Minutes'), parts?.minutes],
    ...(calm ? [] : [[t('countdown.seconds', 'Seconds'), parts?.seconds] as [string, number | undefined]]),
  ]

  // What a screen reader hears (issue 29): 'Sale ends in 1 day 2 hours 3 minutes', to the minute, so
  // the text changes once a minute rather than every second; the ticking cells are hidden from it.
  const unit = (key: string, fallback: string, count: number) =>
    count > 0 ? [t(`countdown.spoken.${key}`, fallback, { count })] : []
  const spokenTime =
    parts === null
      ? null
      : [
          ...unit('day', '{{count}} days', parts.days),
          ...unit('hour', '{{count}} hours', parts.hours),
          ...unit('minute', '{{count}} minutes', parts.minutes),
        ].join(' ') || (remaining ? t('countdown.spoken.underMinute', 'less than a minute') : null)
  const spoken =
    parts === null
      ? ''
      : spokenTime === null
        ? t('countdown.spoken.over', 'Sale has ended')
        : upcoming
          ? t('countdown.spoken.availableIn', 'Available in {{time}}', { time: spokenTime })
          : t('countdown.spoken.endsIn', 'Sale ends in {{time}}', { time: spokenTime })

  return (
    <section
      aria-label={t('countdown.label', 'Countdown')}
      data-testid="product-countdown"
      className="bg-accent-soft px-4 py-3"
    >
      <p role="timer" data-testid="countdown-spoken" className="sr-only">
        {spoken}
      </p>
      <p
        aria-hidden="true"
        className="text-[11px] font-semibold tracking-[0.14em] text-neutral-500 uppercase"
      >
        {upcoming ? t('countdown.upcoming', 'Available in') : t('countdown.ending', 'Ends in')}
      </p>
      <div aria-hidden="true" className="mt-2 flex gap-2">
        {cells.map(([label, value]) => (
          <div key={label} className="flex min-w-14 flex-col items-center bg-white px-2 py-1.5">
            <span data-testid="countdown-value" className="text-lg font-semibold tabular-nums text-ink">
              {value === undefined ? '--' : String(value).padStart(2, '0')}
            </span>
            <span className="text-[10px] tracking-wide text-neutral-500 uppercase">{label}</span>
          </div>
        ))}
      </div>
      {Number.isFinite(end) && (
        <p className="mt-2 text-xs text-neutral-500">
          {t('countdown.until', 'Until {{time}}', { time: formatWib(end) })}
        </p>
      )}
    </section>
  )
}
