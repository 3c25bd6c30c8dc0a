import type { Notification, ProductRating, RatingPage, ReviewStatus } from '@busana/contract'
import { REVIEW_PAGE_SIZE } from '@busana/contract'
import type { ApiClient } from '~/lib/api-client'

/** GET /api/v1/pages/rating (docs/product/account.md §7): one page of the member's OPEN or PUBLISHED review rows. */
export async function fetchRatings(
  api: ApiClient,
  token: string,
  status: ReviewStatus,
  page: number,
  signal?: AbortSignal,
): Promise<RatingPage> {
  const answer = await api.request<RatingPage | null>('/api/v1/pages/rating', {
    query: { token, status, current_page: page, max_record: REVIEW_PAGE_SIZE },
    signal,
  })
  return answer.data ?? { data_rating: [], current_page: page, total_page: 0 }
}

/** POST /api/v1/pages/rating (docs/product/account.md §7): multipart id_rating, rating, review, img1 to img3. Answers the message. */
export async function submitRating(
  api: ApiClient,
  token: string,
  review: { idRating: number; rating: number; text: string; photos: readonly File[] },
): Promise<string> {
  const form = new FormData()
  form.set('id_rating', String(review.idRating))
  form.set('rating', String(review.rating))
  form.set('review', review.text.trim())
  review.photos.forEach((file, index) => form.set(`img${index + 1}`, file, file.name))
  const answer = await api.request('/api/v1/pages/rating', { method: 'POST', query: { token }, body: form })
  return answer.message
}

/** GET /api/v1/pages/notification (docs/product/account.md §7): data.total_rating, the lines waiting for a review. */
export async function fetchNotification(api: ApiClient, token: string): Promise<number> {
  const answer = await api.request<Notification | null>('/api/v1/pages/notification', {
    query: { token },
    silent: true,
  })
  return answer.data?.total_rating ?? 0
}

/** GET /api/v1/pages/product_rating/{code}: a product's published reviews and their average. */
export async function fetchProductRatings(
  api: ApiClient,
  productCode: string,
  page: number,
  signal?: AbortSignal,
): Promise<ProductRating | null> {
  const answer = await api.request<ProductRating | null>(
    `/api/v1/pages/product_rating/${encodeURIComponent(productCode)}`,
    { query: { current_page: page }, silent: true, signal },
  )
  return answer.data
}
