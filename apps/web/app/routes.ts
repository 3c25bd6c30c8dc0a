import { type RouteConfig, index, route } from '@react-router/dev/routes'

export default [
  index('routes/home.tsx'),
  route('shop/:brand/category/:category', 'routes/listing.tsx'),
  route('shop/product/:id/:name', 'routes/product.tsx'),
  route('search', 'routes/search.tsx'),
  // The shared shopping bag (docs/product/shopping.md §2).
  route('cart', 'routes/cart.tsx'),
  // Checkout for members and for shoppers signed in by a phone code (docs/product/shopping.md §2).
  route('checkout', 'routes/checkout.tsx'),
  route('checkout-as-guest', 'routes/checkout-as-guest.tsx'),
  // Member area (docs/product/account.md §2): the layout's client guard sends visitors to '/'.
  route('member', 'routes/member.tsx', [
    index('routes/member._index.tsx'),
    route('order', 'routes/member.order.tsx'),
    route('order/:id', 'routes/member.order.detail.tsx'),
    // Returns and size exchanges (issue 40): the request outranks order/:id/:result (a static segment).
    route('order/:id/return', 'routes/member.order.return.tsx'),
    route('returns', 'routes/member.returns.tsx'),
    route('returns/:number', 'routes/member.returns.detail.tsx'),
    // Payment result pages: success (and the product's succes), waiting, failed.
    route('order/:id/:result', 'routes/member.order.result.tsx'),
    route('wishlist', 'routes/member.wishlist.tsx'),
    route('account-info', 'routes/member.account-info.tsx'),
    route('address', 'routes/member.address.tsx'),
    // Reviews by verified buyers (docs/product/account.md §2, issue 13).
    route('review', 'routes/member.review.tsx'),
  ]),
  // Order tracking by number, open to anyone (docs/product/account.md §2); before the junior home's :childId.
  route('tracking', 'routes/tracking.tsx'),
  // Help, articles, about, content pages and the store locator (docs/product/account.md §2; decision 033).
  route('help/faq', 'routes/help.faq.tsx'),
  route('article', 'routes/article.tsx'),
  route('article/:slug', 'routes/article.detail.tsx'),
  route('about-us', 'routes/about-us.tsx'),
  route('pages/:id', 'routes/content-page.tsx'),
  route('our-store', 'routes/our-store.tsx'),
  // Junior home: only prepps-jr is valid; any other value redirects to / (docs/product/shopping.md §2).
  route(':childId', 'routes/child-home.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig
