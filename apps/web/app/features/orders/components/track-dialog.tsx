import { useEffect, useState } from 'react'
import { OverlayPanel } from '~/components/ui/overlay-panel.tsx'
import { ApiError } from '~/lib/api-client.ts'
import { useApi } from '~/lib/browser-api.ts'
import { useTranslation } from '~/lib/i18n-react.ts'
import { useScrollLock } from '~/lib/use-scroll-lock.ts'
import { fetchTracking, type TrackingResponse } from '../orders.api.ts'
import { trackingWhen } from '../orders.rules.ts'
import { useStatusMessage } from './order-row.tsx'

type Load =
  { state: 'loading' } | { state: 'failed'; message: string } | { state: 'done'; answer: TrackingResponse }

/** What a failed tracking call says to the shopper: the provider being down, no such parcel, or the server's words. */
function failureText(error: unknown, t: (key: string) => string): string {
  if (error instanceof ApiError) {
    if (error.status === 503) return t('track.unavailable')
    if (error.status === 404) return t('track.notFound')
    if (error.status === 429) return error.message
  }
  return t('track.failed')
}

/**
 * The Track Order popup (docs/product/shopping.md §2): the courier and waybill at the top, then the
 * timeline newest first, each entry's day ('DD MMMM YYYY'), time ('HH:mm', UTC+7) and description.
 * `id` is an own order's id_sales_header or a waybill (GET /api/v1/member/tracking/{id}).
 */
export function TrackDialog({ id, waybill, onClose }: { id: string; waybill?: string; onClose: () => void }) {
  const { t, i18n } = useTranslation('orders')
  const api = useApi()
  const [load, setLoad] = useState<Load>({ state: 'loading' })
  const statusMessage = useStatusMessage()
  useScrollLock(true)

  useEffect(() => {
    const controller = new AbortController()
    setLoad({ state: 'loading' })
    fetchTracking(api, id, { lng: i18n.language, signal: controller.signal }).then(
      (answer) => setLoad({ state: 'done', answer }),
      (error: unknown) => {
        if (!controller.signal.aborted) setLoad({ state: 'failed', message: failureText(error, t) })
      },
    )
    return () => controller.abort()
    // `t` follows the language, which the call already depends on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, id, i18n.language])

  const summary = load.state === 'done' ? load.answer.tracking : null
  const entries = load.state === 'done' ? load.answer.data : []
  return (
    <OverlayPanel title={t('track.title')} onClose={onClose} closeLabel={t('close')} className="sm:max-w-lg">
      <div className="grid gap-4 text-sm" data-testid="track-dialog">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 border border-neutral-200 bg-neutral-50 px-4 py-3">
          <dt className="text-neutral-600">{t('track.courier')}</dt>
          <dd className="font-medium" data-testid="track-courier">
            {summary ? summary.courier || summary.paket : '–'}
          </dd>
          <dt className="text-neutral-600">{t('track.waybill')}</dt>
          <dd className="font-medium break-all" data-testid="track-waybill">
            {summary?.no_resi ?? waybill ?? '–'}
          </dd>
          {summary && (
            <>
              <dt className="text-neutral-600">{t('track.status')}</dt>
              <dd>{statusMessage(summary.status, summary.status_message)}</dd>
            </>
          )}
        </dl>
        {load.state === 'loading' && (
          <p className="py-6 text-center text-neutral-500" role="status">
            {t('track.loading')}
          </p>
        )}
        {load.state === 'failed' && (
          <p className="border border-red-200 bg-red-50 px-4 py-3 text-red-800" role="alert">
            {load.message}
          </p>
        )}
        {load.state === 'done' && entries.length === 0 && (
          <p className="py-6 text-center text-neutral-600" data-testid="track-empty">
            {t('track.empty')}
          </p>
        )}
        {entries.length > 0 && (
          <ol
            className="relative grid gap-5 pl-6"
            aria-label={t('track.timeline')}
            data-testid="track-timeline"
          >
            <span aria-hidden="true" className="absolute bottom-2 left-[5px] top-2 w-px bg-neutral-300" />
            {entries.map((entry, index) => {
              const when = trackingWhen(entry.waktu, i18n.language)
              return (
                <li key={`${entry.waktu}-${index}`} className="relative" data-testid="track-entry">
                  <span
                    aria-hidden="true"
                    className={`absolute -left-6 top-1 h-[11px] w-[11px] rounded-full border-2 ${
                      index === 0 ? 'border-neutral-950 bg-neutral-950' : 'border-neutral-400 bg-white'
                    }`}
                  />
                  <p className="text-xs text-neutral-600">
                    <time dateTime={entry.waktu}>
                      {when.date}
                      {when.time && <span className="ml-2 tabular-nums">{when.time}</span>}
                    </time>
                  </p>
                  <p className={index === 0 ? 'font-medium' : 'text-neutral-800'}>{entry.keterangan}</p>
                </li>
              )
            })}
          </ol>
        )}
      </div>
    </OverlayPanel>
  )
}
