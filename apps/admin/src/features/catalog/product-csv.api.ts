import type { ProductCsvImportResult } from '@busana/contract/schemas'
import { staffApi, staffFetch } from '../../lib/api.ts'

/** Sends the file to POST …/products/import.csv, as a dry run or for real. */
export function importProductsFile(file: File, dryRun: boolean) {
  const form = new FormData()
  form.append('dry_run', String(dryRun))
  form.append('file', file)
  return staffApi<ProductCsvImportResult>('POST', '/products/import.csv', { form })
}

/** Downloads the products of the list's filters as CSV (issue 43 part 7). */
export async function downloadProductsCsv(filters: Record<string, string | undefined>, semicolon: boolean) {
  const response = await staffFetch('GET', '/products/export.csv', {
    query: { ...filters, delimiter: semicolon ? 'semicolon' : undefined },
  })
  const url = URL.createObjectURL(await response.blob())
  const link = document.createElement('a')
  link.href = url
  link.download = 'products.csv'
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}
