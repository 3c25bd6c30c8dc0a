import {
  AboutResponseSchema,
  ArticleResponseSchema,
  ArticlesResponseSchema,
  ContentPageResponseSchema,
  FaqAnswerResponseSchema,
  FaqCategoriesResponseSchema,
  FaqQuestionsResponseSchema,
  OfflineStoreResponseSchema,
} from '@busana/contract/schemas'
import { articlePreview, type Article, type FaqAnswer, type FaqCategory } from '@busana/contract'
import { data } from 'react-router'
import { ApiError, type ApiClient } from '~/lib/api-client.ts'
import { shownStores } from './content.api.ts'

/**
 * The content pages' server calls (docs/product/account.md §7; decision 033), each answer checked against
 * the contract. The HTML fields come sanitised by the API with its allow-list; the pages render them
 * as they are.
 */

/** A missing (404) or malformed (400) page answers the 'Nothing to see here!' page. */
export async function orNotFound<T>(load: Promise<T>): Promise<T> {
  try {
    return await load
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
      throw data(null, { status: 404 })
    }
    throw error
  }
}

export interface FaqView {
  categories: FaqCategory[]
  category: FaqCategory
  answers: FaqAnswer[]
}

/**
 * The help page: every category (GET kategori_bantuan), the chosen one's questions (GET bantuan)
 * and their answers (GET bantuan/{slug}), so the answers open without a wait. No category chosen:
 * the first; an unknown one: 404.
 */
export async function loadFaq(api: ApiClient, chosen: string | null): Promise<FaqView | null> {
  const categories = (
    await api.request('/api/v1/pages/kategori_bantuan', { schema: FaqCategoriesResponseSchema })
  ).data
  const category = chosen ? categories.find((c) => c.category_code === chosen) : categories[0]
  if (!category) {
    if (chosen) throw data(null, { status: 404 })
    return null
  }
  const query = { category_code: category.category_code }
  const questions = (
    await api.request('/api/v1/pages/bantuan', { query, schema: FaqQuestionsResponseSchema })
  ).data
  const answers = await Promise.all(
    questions.map(
      async (question) =>
        (
          await api.request(`/api/v1/pages/bantuan/${encodeURIComponent(question.slug)}`, {
            query,
            schema: FaqAnswerResponseSchema,
          })
        ).data,
    ),
  )
  return { categories, category, answers }
}

/** An article card: the list sends previews, not whole articles (docs/product/account.md: characters 3 to 100). */
export type ArticleCard = Pick<Article, 'slug' | 'judul' | 'icon' | 'published_at'> & { preview: string }

/** GET /api/v1/pages/artikel, as cards. */
export async function loadArticleCards(api: ApiClient): Promise<ArticleCard[]> {
  const articles = (await api.request('/api/v1/pages/artikel', { schema: ArticlesResponseSchema })).data
  return articles.map(({ konten, ...article }) => ({ ...article, preview: articlePreview(konten) }))
}

/** GET /api/v1/pages/artikel/{slug}; unknown: 404. */
export async function loadArticle(api: ApiClient, slug: string): Promise<Article> {
  const path = `/api/v1/pages/artikel/${encodeURIComponent(slug)}`
  return (await orNotFound(api.request(path, { schema: ArticleResponseSchema }))).data
}

/** GET /api/v1/pages/about: the about HTML. */
export async function loadAbout(api: ApiClient): Promise<string> {
  return (await orNotFound(api.request('/api/v1/pages/about', { schema: AboutResponseSchema }))).data.about
}

/** GET /api/v1/pages/page/{id}; unknown: 404. */
export async function loadContentPage(api: ApiClient, id: string) {
  const path = `/api/v1/pages/page/${encodeURIComponent(id)}`
  return (await orNotFound(api.request(path, { schema: ContentPageResponseSchema }))).data
}

/** GET /api/v3/offline-store: the first page for the server render (a bad keyword finds nothing). */
export async function loadStores(api: ApiClient, query: { keyword: string; brandId: number }) {
  try {
    const answer = await api.request('/api/v3/offline-store', {
      query: { page: 1, keyword: query.keyword || undefined, id_brand: query.brandId },
      schema: OfflineStoreResponseSchema,
    })
    return { stores: shownStores(answer.data), totalPages: answer.total_pages }
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) return { stores: [], totalPages: 0 }
    throw error
  }
}
