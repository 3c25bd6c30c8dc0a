import { useCallback, useEffect, useState } from 'react'
import { useNavigate } from 'react-router'
import type { RatingPage, ReviewItem, ReviewStatus } from '@busana/contract'
import { useApi } from '~/lib/browser-api'
import { useTranslation } from '~/lib/i18n-react'
import { useSessionStore } from '~/lib/session-store'
import { TrackedLink } from '~/lib/tracked-link'
import { OverlayPanel } from '~/components/ui/overlay-panel'
import { Button } from '~/components/ui/button'
import { fetchRatings, submitRating } from '../reviews.api'
import { memberKey, useNotifStore } from '../notif-store'
import { useNamespaceT } from '~/lib/use-namespace-t.ts'
import { reviewDate } from './review-date'
import { ReviewBody } from './review-body'
import { ReviewFormModal } from './review-form-modal'
import { ReviewPager } from './review-pager'
import { StarRow } from './stars'

const TABS: { status: ReviewStatus; key: string; fallback: string }[] = [
  { status: 'OPEN', key: 'tabs.waiting', fallback: 'Waiting to Review' },
  { status: 'PUBLISHED', key: 'tabs.reviewed', fallback: 'Reviewed' },
]

/**
 * /member/review (docs/product/account.md §2 and §4, Reviews): tab 1 lists the OPEN lines, tab 2 the
 * PUBLISHED ones, 5 per page. Submitting closes the form, opens the thank-you modal, reloads page 1 and
 * refreshes the waiting count; closing the thank-you modal goes home when nothing waits any more.
 */
export function ReviewPage() {
  const t = useNamespaceT('reviews')
  const { i18n } = useTranslation('reviews')
  const api = useApi()
  const navigate = useNavigate()
  const token = useSessionStore((s) => s.user?.token ?? null)
  const idPelanggan = useSessionStore((s) => s.user?.id_pelanggan ?? null)
  const refreshCount = useNotifStore((s) => s.refresh)
  const decrement = useNotifStore((s) => s.decrement)
  const [status, setStatus] = useState<ReviewStatus>('OPEN')
  const [page, setPage] = useState(1)
  const [data, setData] = useState<RatingPage | null>(null)
  const [reviewing, setReviewing] = useState<ReviewItem | null>(null)
  const [busy, setBusy] = useState(false)
  const [thanks, setThanks] = useState(false)

  const load = useCallback(
    async (which: ReviewStatus, at: number, signal?: AbortSignal) => {
      if (!token) return
      try {
        setData(await fetchRatings(api, token, which, at, signal))
      } catch {
        if (!signal?.aborted) setData({ data_rating: [], current_page: at, total_page: 0 })
      }
    },
    [api, token],
  )

  useEffect(() => {
    const controller = new AbortController()
    setData(null)
    void load(status, page, controller.signal)
    return () => controller.abort()
  }, [load, status, page])

  async function onSubmit(review: { rating: number; text: string; photos: File[] }) {
    if (!token || !reviewing) return
    setBusy(true)
    try {
      await submitRating(api, token, { idRating: reviewing.id_rating, ...review })
    } catch {
      // The API client shows the server's message; the form stays open to try again.
      setBusy(false)
      return
    }
    setBusy(false)
    setReviewing(null)
    setThanks(true)
    decrement()
    setPage(1)
    void load(status, 1)
    if (idPelanggan !== null) void refreshCount(api, token, memberKey(idPelanggan))
  }

  function closeThanks() {
    setThanks(false)
    if ((useNotifStore.getState().totalRating ?? 0) === 0) void navigate('/')
  }

  return (
    <div>
      <div role="tablist" aria-label={t('title', 'Reviews')} className="flex border-b border-neutral-200">
        {TABS.map((tab) => (
          <button
            key={tab.status}
            type="button"
            role="tab"
            aria-selected={status === tab.status}
            onClick={() => {
              setStatus(tab.status)
              setPage(1)
            }}
            className={`-mb-px flex-1 border-b-2 py-3 text-xs font-semibold tracking-[0.14em] uppercase lg:flex-none lg:px-8 ${
              status === tab.status ? 'border-ink text-ink' : 'border-transparent text-neutral-500'
            }`}
          >
            {t(tab.key, tab.fallback)}
          </button>
        ))}
      </div>

      {data === null ? (
        <div role="status" aria-label={t('loading', 'Loading reviews')} className="mt-6 space-y-4">
          {[0, 1, 2].map((i) => (
            <div key={i} className="h-24 animate-pulse bg-neutral-100" />
          ))}
        </div>
      ) : data.data_rating.length === 0 ? (
        <div data-testid="reviews-empty" className="flex flex-col items-center px-4 py-14 text-center">
          <p className="text-sm text-neutral-600">
            {status === 'PUBLISHED'
              ? t('empty.reviewed', "You haven't reviewed any products yet.")
              : t('empty.waiting', 'Nothing is waiting for your review.')}
          </p>
          <TrackedLink
            to="/"
            className="mt-6 inline-flex h-11 items-center bg-ink px-8 text-xs font-semibold tracking-[0.2em] text-white uppercase hover:bg-neutral-700"
          >
            {t('empty.shop', 'SHOP NOW')}
          </TrackedLink>
        </div>
      ) : (
        <ul className="divide-y divide-neutral-200" data-testid="reviews-list">
          {data.data_rating.map((item) => (
            <li key={item.id_rating} className="flex gap-3 py-5 lg:gap-5">
              <img
                src={item.img_product || '/media/fallback.svg'}
                alt=""
                width={72}
                height={96}
                loading="lazy"
                className="h-24 w-[72px] shrink-0 bg-neutral-100 object-cover"
              />
              <div className="min-w-0 flex-1 text-sm">
                <p className="text-xs text-neutral-500">
                  {item.invoice_number} · {reviewDate(item.order_date, i18n.language)}
                </p>
                <p className="mt-1 font-medium text-ink">{item.product_name}</p>
                <p className="text-neutral-500">{t('size', 'Size: {{size}}', { size: item.ukuran })}</p>
                {item.status === 'PUBLISHED' ? (
                  <div className="mt-2">
                    <StarRow
                      rating={Number(item.rating)}
                      label={t('rated', 'Rated {{n}} of 5', { n: item.rating })}
                    />
                    <ReviewBody text={item.review} photos={item.url_image} />
                  </div>
                ) : (
                  <Button
                    variant="outline"
                    className="mt-3 h-9 px-5 text-xs"
                    onClick={() => setReviewing(item)}
                  >
                    {t('write', 'WRITE A REVIEW')}
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}

      {data && <ReviewPager page={page} total={data.total_page} onPage={setPage} />}

      {reviewing && (
        <ReviewFormModal
          item={reviewing}
          busy={busy}
          onSubmit={(r) => void onSubmit(r)}
          onClose={() => setReviewing(null)}
        />
      )}
      {thanks && (
        <OverlayPanel
          title={t('thanks.title', 'Thank you!')}
          onClose={closeThanks}
          closeLabel={t('close', 'Close')}
        >
          <p className="mt-3 text-sm text-neutral-600">
            {t('thanks.text', 'Your review helps other shoppers choose the right fit.')}
          </p>
          <Button className="mt-6 w-full" onClick={closeThanks}>
            {t('thanks.ok', 'OK')}
          </Button>
        </OverlayPanel>
      )}
    </div>
  )
}
