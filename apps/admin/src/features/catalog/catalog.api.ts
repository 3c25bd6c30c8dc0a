import { useQuery, useQueryClient } from '@tanstack/react-query'
import type { AdminCategory, AdminProduct, AdminProductAlerts } from '@busana/contract/schemas'
import { staffApi } from '../../lib/api.ts'

/** The catalogue's shared reads: brands, a brand's categories, one product (and its cache key). */
export const productKey = (code: string) => ['product', code] as const

/** The brands, from the one cached query every screen shares (lib/brands.ts). */
export { useBrands } from '../../lib/brands.ts'

export function useCategories(idBrand: number | undefined) {
  return useQuery({
    queryKey: ['categories', idBrand],
    queryFn: () => staffApi<AdminCategory[]>('GET', '/categories', { query: { id_brand: idBrand } }),
    enabled: idBrand !== undefined,
  })
}

export function useProduct(code: string) {
  return useQuery({
    queryKey: productKey(code),
    queryFn: () => staffApi<AdminProduct>('GET', `/products/${encodeURIComponent(code)}`),
  })
}

/** How many members wait for each size of a published product, and for its price to drop (issue 42). */
export function useProductAlerts(code: string) {
  return useQuery({
    queryKey: ['product-alerts', code],
    queryFn: () => staffApi<AdminProductAlerts>('GET', `/products/${encodeURIComponent(code)}/alerts`),
  })
}

/** After a change answered with the product: keep the answer and refresh the lists. */
export function useProductSaved(code: string) {
  const queryClient = useQueryClient()
  return (product: AdminProduct) => {
    queryClient.setQueryData(productKey(code), product)
    void queryClient.invalidateQueries({ queryKey: ['products'] })
  }
}

/** Product codes typed as a list: split on commas, spaces or new lines. */
export const codesOf = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((code) => code.trim())
    .filter((code) => code !== '')
