export { default as adminRoutes } from './admin.routes.ts'
export { findProductByCode, inOrder, isPublished, loadCards } from './catalog.queries.ts'
export { markWishlist } from './catalog.service.ts'
export type { Viewer, WishlistLookup } from './catalog.service.ts'
export { default as storeRoutes } from './store.routes.ts'
export { default as productImageRoutes } from './product-images.routes.ts'
export { viewerFor, type CatalogRoutesOptions } from './store.routes.ts'
export type { ListingOptions } from './catalog.service.ts'
export {
  answerCacheMemo,
  checkSizes,
  countFacets,
  filteredWindow,
  filterCacheParams,
  filterKey,
  listingFilter,
  narrows,
  noMemo,
  type ListingFilterQuery,
  type ListingSource,
  type UnitsSoldSince,
} from './listing-filter.ts'
export { productsForReturn, type ProductForReturn } from './return-sizes.ts'
export {
  productFacts,
  productOfSize,
  productsFacts,
  storedProductCode,
  type ProductFacts,
  type SizeFacts,
} from './sizes.ts'
export { productTextMatches, type ProductTextMatches, type ProductTextQuery } from './product-search.ts'
export { brandName, brandNameOf, productNameOf, sizeNameOf } from './names.ts'
export { sizeRows } from './size-rows.ts'
export {
  bundleOptionCodes,
  firstVariantSku,
  productForSale,
  productsWithBrand,
  variantSkuOf,
  variantsForSale,
  variantsForSaleOnPool,
  type ProductForSale,
  type ProductWithBrand,
  type VariantForSale,
} from './for-sale.ts'
export {
  activePaymentMethodJson,
  activePaymentMethods,
  paymentMethodFromJson,
  type PaymentMethod,
} from './payment-methods.ts'
export { catalogTargets, productsInCategories } from './voucher-targets.ts'
