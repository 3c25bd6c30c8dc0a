import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { BRAND_IDS, type AdminBrand } from '@busana/contract/schemas'
import { staffApi } from './api.ts'

/**
 * The group's brands (GET /brands, which every role may read): one cached call for every screen
 * that names a brand (issue 43: "Brand 9" told an operator nothing). The catalogue's pickers use
 * the same query, so a renamed brand shows everywhere after one refresh.
 */
export function useBrands() {
  return useQuery({
    queryKey: ['brands'],
    queryFn: () => staffApi<AdminBrand[]>('GET', '/brands'),
    staleTime: 300_000,
  })
}

/**
 * Brand names for lists and filters: `nameOf(9)` is "Prepp's" (or "Brand 9" until the names arrive
 * or for an id without a row), and `options` are the group's brands as filter choices, "Prepp's (9)", since the id is
 * what the address, the API and the exports carry.
 */
export function useBrandNames() {
  const { t } = useTranslation()
  const brands = useBrands()
  const names = new Map((brands.data ?? []).map((brand) => [brand.id, brand.name]))
  const nameOf = (id: number | null | undefined): string =>
    id === null || id === undefined ? '' : (names.get(id) ?? t('common.brandId', { id }))
  // The group's ids (what the API accepts), in the contract's order, so the choices do not move
  // when the names arrive.
  const options = BRAND_IDS.map((id) => ({
    value: id,
    label: names.has(id) ? t('common.brandWithId', { name: names.get(id), id }) : t('common.brandId', { id }),
  }))
  return { nameOf, options }
}
