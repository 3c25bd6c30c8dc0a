import { isCountdownActive } from '@busana/contract'
import { useNow } from '~/lib/use-hydrated'
import { MemberPageHeader } from '~/features/account/components/member-page-header.tsx'
import { ProductCard } from '~/features/catalog/components/product-card.tsx'
import { CardCountdown } from '~/features/wishlist/components/card-countdown.tsx'
import { WishlistPage } from '~/features/wishlist/components/wishlist-page.tsx'
import { useNamespaceT } from '~/lib/use-namespace-t.ts'
import type { RouteI18n } from '~/lib/i18n.ts'

/** The wishlist page's strings besides the member area's. */
export const handle = { i18n: ['wishlist'] } satisfies RouteI18n

/**
 * /member/wishlist (docs/product/account.md §2): 'My Wishlist', the catalog's product cards (image, name,
 * price with the struck-through harga_coret, sizes; a countdown when flagged) linking to the product route.
 * The member layout guards visitors.
 */
export default function MemberWishlistRoute() {
  const t = useNamespaceT('wishlist')
  const now = useNow()
  return (
    <section>
      <MemberPageHeader title={t('title', 'My Wishlist')} />
      <WishlistPage
        renderCard={(product) => (
          <>
            <ProductCard product={product} imageSizes="(min-width: 1024px) 18vw, 45vw" />
            {isCountdownActive(product, now) && product.end_at && <CardCountdown endAt={product.end_at} />}
          </>
        )}
      />
    </section>
  )
}
