import { loaderApi } from '~/lib/loader-api.server.ts'
import { lazy, Suspense, useCallback, useEffect } from 'react'
import { data, isRouteErrorResponse, useNavigation, useRevalidator } from 'react-router'
import {
  COLOUR_FAMILY_INFO,
  canonicalProductUrl,
  isCountdownActive,
  PRODUCT_CODE_PATTERN,
  productBadge,
  productPath,
  type CardView,
} from '@busana/contract'
import { ApiError } from '~/lib/api-client'
import { useApi } from '~/lib/browser-api'
import { TrackedLink } from '~/lib/tracked-link'
import { useHydrated, useNow } from '~/lib/use-hydrated'
import { lazyRegion } from '~/lib/lazy-region'
import { commerceOf, trackLater } from '~/lib/track-later'
import { Countdown as ServerCountdown } from '~/features/product/components/countdown'
import { ProductBadge } from '~/features/product/components/product-badge'
import { ProductDetails as ServerProductDetails } from '~/features/product/components/product-details'
import { galleryMedia, ProductGallery } from '~/features/product/components/product-gallery'
import { ProductPrice } from '~/features/product/components/product-price'
import { ProductShare as ServerProductShare } from '~/features/product/components/product-share'
import { PurchasePanel } from '~/features/product/components/purchase-panel'
import { ProductColour } from '~/features/product/components/product-colour.tsx'
import { RelatedProducts as ServerRelatedProducts } from '~/features/product/components/related-products'
import { fetchProduct } from '~/features/product/product.api'
import { fetchProductRatings } from '~/features/reviews/reviews.api'
import { metaDescription } from '~/features/product/product-meta'
import { useMemberSession } from '~/features/product/use-member-session'
import { useProductExtras } from '~/features/product/use-product-extras'
import { useNamespaceT } from '~/lib/use-namespace-t.ts'
import { useWishlistFlag } from '~/features/wishlist/use-wishlist-flag'
import { reloadCart } from '~/shared/bag/cart-store'
import { WishlistToggle } from '~/shared/wishlist/wishlist-toggle'
import type { Route } from './+types/product'
import type { RouteI18n } from '~/lib/i18n.ts'
import { canonicalLinks, productImages, productJsonLd } from '~/lib/seo.ts'

/**
 * The bundle panel (and its rules) loads only on a bundle's page, after hydration: most products
 * are not bundles, and the panel is an interactive control with nothing for a crawler (issue 12:
 * the product page's first view at most 120 KB of JavaScript).
 */
const BundlePanel = lazy(() =>
  import('~/features/bundle/components/bundle-panel').then((m) => ({ default: m.BundlePanel })),
)

/** The product's published reviews: below everything else, loaded after hydration (issue 13). */
const ProductReviews = lazy(() => import('~/features/reviews/components/product-reviews'))

/**
 * Rendered whole by the server; the browser loads their code apart and hydrates each once it is in
 * (decision 040): the share button (answering one small file after the rest of the page), a countdown
 * (few products have one), and what lies below the buy button. The related cards come after
 * hydration anyway.
 */
const ProductShare = lazyRegion(import.meta.env.SSR ? ServerProductShare : null, () =>
  import('~/features/product/components/product-share').then((m) => m.ProductShare),
)
const Countdown = lazyRegion(import.meta.env.SSR ? ServerCountdown : null, () =>
  import('~/features/product/components/countdown').then((m) => m.Countdown),
)
const ProductDetails = lazyRegion(import.meta.env.SSR ? ServerProductDetails : null, () =>
  import('~/features/product/components/product-details').then((m) => m.ProductDetails),
)
const RelatedProducts = lazyRegion(import.meta.env.SSR ? ServerRelatedProducts : null, () =>
  import('~/features/product/components/related-products').then((m) => m.RelatedProducts),
)
const ProductCard = lazyRegion(null, () =>
  import('~/features/catalog/components/product-card').then((m) => m.ProductCard),
)
const NO_CARDS: CardView[] = []
/** A related product's card (one function for every render, so the rail's props stay the same). */
const relatedCard = (item: CardView) => (
  <ProductCard product={item} imageSizes="(min-width: 1024px) 20vw, 40vw" />
)

/** Holds the bundle panel's place while its code loads, so the page below it does not jump. */
function BundlePanelPlaceholder() {
  return <div aria-hidden="true" className="min-h-72 animate-pulse bg-neutral-50" />
}

/**
 * The product page's strings; the quick view, bag popup and auth dialog load theirs when opened,
 * and the bundle panel (rendered after hydration) its own 'bundle' strings.
 */
export const handle = { i18n: ['product', 'wishlist'] } satisfies RouteI18n

export function meta({ loaderData, location }: Route.MetaArgs) {
  if (!loaderData) return [{ title: 'Nothing to see here!' }, { name: 'robots', content: 'noindex' }]
  const { product, description, canonical, publicUrl, rating } = loaderData
  // Page title: product name, ' | ', brand name (docs/product/shopping.md §2).
  const title = `${product.product_name} | ${product.brand_name}`
  const [image] = productImages(product, publicUrl)
  return [
    { title },
    { name: 'description', content: description },
    ...canonicalLinks(canonical, location.search),
    { property: 'og:type', content: 'product' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: canonical },
    ...(image ? [{ property: 'og:image', content: image }] : []),
    { property: 'og:site_name', content: product.brand_name },
    { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
    {
      'script:ld+json': productJsonLd(product, {
        canonical,
        origin: publicUrl,
        description,
        rating,
      }),
    },
  ]
}

/**
 * The product by its code (the route's id, lowercased in URLs; the API is case-insensitive). Unknown
 * or malformed codes are a 404.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  if (!PRODUCT_CODE_PATTERN.test(params.id)) throw data(null, { status: 404 })
  const { PUBLIC_URL } = context.publicConfig
  const api = loaderApi(request, context)
  // Two numbers for the JSON-LD's AggregateRating (issue 13), asked beside the product; the reviews
  // themselves load in the browser later. No answer: no AggregateRating.
  const ratingPending = fetchProductRatings(api, params.id, 1)
    .then((answer) => answer && { average: answer.rating_average, count: answer.rating_count })
    .catch(() => null)
  try {
    const {
      description_without_tags,
      related_product,
      bundling_option_1: _1,
      bundling_option_2: _2,
      bundling_option_3: _3,
      bundling_option_4: _4,
      bundling_option_5: _5,
      ...product
    } = await fetchProduct(api, params.id)
    const rating = await ratingPending
    // The page inlines only what its first view shows: the description meta once, and how many
    // related products there are (their places are held). The related cards and a bundle's options
    // show only after hydration, so the browser asks for them then (useProductExtras, issue 12).
    return {
      product: { ...product, related_count: related_product.length },
      // The colour family's names and swatch (issue 39) travel with the page, not in its code.
      colour: product.colour_family ? COLOUR_FAMILY_INFO[product.colour_family] : null,
      description: metaDescription(description_without_tags),
      canonical: canonicalProductUrl(PUBLIC_URL, product),
      publicUrl: PUBLIC_URL,
      rating,
    }
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400))
      throw data(null, { status: 404 })
    throw error
  }
}

/**
 * What the share dialog shares: this product's own public URL (docs/product/shopping.md §2), not the
 * canonical one, which for a colour of a canonical product would open another colour.
 */
const shareUrl = (origin: string, product: Parameters<typeof productPath>[0]) =>
  `${origin.replace(/\/+$/, '')}${productPath(product)}`

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product, publicUrl } = loaderData
  const t = useNamespaceT('product')
  const api = useApi()
  const session = useMemberSession()
  const revalidator = useRevalidator()
  const navigation = useNavigation()
  // The server's render time until hydration, then the browser clock: badge and countdown match the HTML.
  const now = useNow()
  // The page is public and cached (decision 005), so its is_wishlist is a visitor's; a signed-in
  // shopper's real flag is asked for in the browser once the session is read (docs/product/shopping.md §4).
  const wishlist = useWishlistFlag(api, session?.token ?? null, product.product_code, product.is_wishlist)
  const hydrated = useHydrated()
  const extras = useProductExtras(api, product.product_code)
  // Analytics view_item (decision 034): once per product shown, only with consent.
  useEffect(() => {
    trackLater({
      name: 'view_item',
      params: commerceOf([
        { item_id: product.product_code, item_name: product.product_name, price: product.selling_price },
      ]),
    })
  }, [product.product_code, product.product_name, product.selling_price])
  // The countdown's end reloads the product (its props stay the same between renders).
  const { revalidate } = revalidator
  const reload = useCallback(() => void revalidate(), [revalidate])
  const countdownActive = isCountdownActive(product, now)
  const badge = productBadge(product, now)
  // Product detail loading (docs/product/shopping.md §4): a reload (countdown end) or a move to another
  // product.
  const loading =
    revalidator.state === 'loading' ||
    (navigation.state === 'loading' && navigation.location.pathname.startsWith('/shop/product/'))

  return (
    <div
      aria-busy={loading}
      className={`page-container pb-16 transition-opacity ${loading ? 'opacity-60' : ''}`}
    >
      <nav aria-label={t('breadcrumb', 'Breadcrumb')} className="py-3 text-xs text-neutral-500 lg:py-5">
        <ol className="flex min-w-0 items-center gap-1.5">
          <li>
            <TrackedLink to="/" className="hover:text-neutral-900">
              {t('home', 'Home')}
            </TrackedLink>
          </li>
          <li aria-hidden="true">/</li>
          <li aria-current="page" className="truncate text-neutral-800">
            {product.product_name}
          </li>
        </ol>
      </nav>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_360px] lg:gap-10 xl:grid-cols-[minmax(0,1fr)_400px] xl:gap-14">
        <div className="-mx-4 min-w-0 sm:-mx-6 lg:mx-0">
          <ProductGallery
            key={product.product_code}
            media={galleryMedia(product)}
            name={product.product_name}
            perPage={2}
            vertical={product.slide_option === 'VERTICAL'}
          />
        </div>

        <div className="space-y-6 lg:sticky lg:top-24 lg:self-start">
          <header className="space-y-3">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0 space-y-2.5">
                <ProductBadge badge={badge} />
                <h1 className="text-2xl leading-tight font-medium tracking-tight text-neutral-900 lg:text-[28px]">
                  {product.product_name}
                </h1>
              </div>
              <ProductShare url={shareUrl(publicUrl, product)} title={product.product_name} />
            </div>
            <ProductPrice product={product} />
            {product.final_sale && (
              // Issue 40: a final-sale piece cannot be returned; said once, quietly, by the price.
              <p className="text-xs text-neutral-600" data-testid="final-sale">
                {t('finalSale', 'Final sale — this piece cannot be returned')}
              </p>
            )}
            {loaderData.colour && <ProductColour colour={loaderData.colour} />}
          </header>

          {countdownActive && product.end_at && (
            <Countdown
              key={product.end_at}
              endAt={product.end_at}
              upcoming={product.product_lable === 'COMING-SOON'}
              onFinish={reload}
            />
          )}

          {product.is_bundling ? (
            hydrated && extras.state === 'ready' ? (
              <Suspense fallback={<BundlePanelPlaceholder />}>
                <BundlePanel
                  key={product.product_code}
                  product={{ ...product, ...extras.options }}
                  session={session}
                  api={api}
                  onAdded={() => reloadCart(api)}
                  aside={
                    <WishlistToggle
                      code={product.product_code}
                      wished={wishlist.wished}
                      session={session}
                      api={api}
                      labels={{
                        add: t('wishlist.add', 'Add to wishlist'),
                        remove: t('wishlist.remove', 'Remove from wishlist'),
                      }}
                    />
                  }
                />
              </Suspense>
            ) : extras.state === 'failed' ? (
              <div role="alert" className="space-y-3 border border-neutral-200 p-4 text-sm text-neutral-700">
                <p>{t('error.bundle', "The bundle's choices could not be loaded.")}</p>
                <button type="button" className="underline underline-offset-4" onClick={extras.retry}>
                  {t('error.retry', 'Try again')}
                </button>
              </div>
            ) : (
              <BundlePanelPlaceholder />
            )
          ) : (
            <PurchasePanel
              // The panel follows the real wishlist flag when it arrives without a remount, so a size
              // chosen before it arrived stays chosen.
              key={product.product_code}
              product={wishlist.known ? { ...product, is_wishlist: wishlist.wished } : product}
              session={session}
              api={api}
            />
          )}

          <ProductDetails key={`details-${product.product_code}`} descriptionHtml={product.description} />
        </div>
      </div>

      <RelatedProducts
        title={product.judul_related}
        count={product.related_count}
        items={extras.state === 'ready' ? extras.related : extras.state === 'failed' ? NO_CARDS : null}
        renderItem={relatedCard}
      />

      {hydrated && (
        <Suspense fallback={null}>
          <ProductReviews key={product.product_code} api={api} productCode={product.product_code} />
        </Suspense>
      )}
    </div>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const t = useNamespaceT('product')
  const notFound = isRouteErrorResponse(error) && error.status === 404
  return (
    <div className="mx-auto flex min-h-[60vh] max-w-md flex-col items-center justify-center gap-4 px-4 text-center">
      <h1 className="text-2xl font-medium tracking-tight text-neutral-900">
        {notFound ? t('notFound.title', 'Nothing to see here!') : t('error.title', 'Something went wrong')}
      </h1>
      <p className="text-sm text-neutral-500">
        {notFound
          ? t('notFound.text', 'This product does not exist or is no longer available.')
          : t('error.text', 'Please try again in a moment.')}
      </p>
      <TrackedLink
        to="/"
        className="rounded-md bg-neutral-900 px-6 py-3 text-xs font-semibold tracking-[0.14em] text-white uppercase hover:bg-neutral-700"
      >
        {t('notFound.home', 'Back to home')}
      </TrackedLink>
    </div>
  )
}
