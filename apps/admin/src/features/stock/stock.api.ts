import { useQuery } from '@tanstack/react-query'
import { can, type StaffRole, type Warehouse } from '@busana/contract/schemas'
import { staffApi } from '../../lib/api.ts'

/** The warehouses (the sellable one is where checkout sells from); they rarely change. */
export function useWarehouses() {
  return useQuery({
    queryKey: ['warehouses'],
    queryFn: () => staffApi<Warehouse[]>('GET', '/warehouses'),
    staleTime: 300_000,
  })
}

/** Who may change stock (the server checks it too: 403 STF003); merchandisers only read. */
export const canAdjustStock = (role: StaffRole) => can(role, 'stock.write')

/** Saves a file the API answered (CSV) under `name`, through a temporary link. */
export async function download(response: Response, name: string) {
  const blob = await response.blob()
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = name
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}
