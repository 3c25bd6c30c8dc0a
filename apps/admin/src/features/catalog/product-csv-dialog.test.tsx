import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import type { ProductCsvImportResult } from '@busana/contract/schemas'
import { fakeStaffApi, refusal, renderScreen, stubModalDialog } from '../../test/render.tsx'
import { ProductCsvDialog } from './product-csv-dialog.tsx'

beforeEach(stubModalDialog)

const result = (dryRun: boolean): ProductCsvImportResult => ({
  dry_run: dryRun,
  summary: {
    rows: 2,
    products_created: 1,
    products_updated: 0,
    sizes_added: 2,
    sizes_updated: 0,
    pictures_added: 0,
    stock_changes: 1,
    unchanged_lines: 0,
  },
  changes: [
    { line: 2, kind: 'create_product', product_code: 'NEW-1', sku_product: null },
    { line: 2, kind: 'add_size', product_code: 'NEW-1', sku_product: 'NEW-1-S' },
    {
      line: 2,
      kind: 'stock',
      product_code: 'NEW-1',
      sku_product: 'NEW-1-S',
      id_warehouse: 1,
      warehouse_name: 'Gudang Jakarta',
      from: 0,
      to: 5,
      delta: 5,
    },
    { line: 3, kind: 'add_size', product_code: 'NEW-1', sku_product: 'NEW-1-M' },
  ],
  changes_truncated: false,
})

const file = () =>
  new File(['product_code,sku_product\nNEW-1,NEW-1-S\n'], 'products.csv', { type: 'text/csv' })

describe('ProductCsvDialog', () => {
  it('checks the file first (a dry run), shows the plan, then applies it', async () => {
    const user = userEvent.setup()
    const calls = fakeStaffApi((call) => result((call.body as FormData).get('dry_run') === 'true'))
    renderScreen(<ProductCsvDialog onClose={() => {}} />)
    expect(screen.getByRole('dialog', { name: 'Import products from CSV' })).toBeTruthy()
    const check = screen.getByRole('button', { name: 'Check the file' })
    expect((check as HTMLButtonElement).disabled).toBe(true)
    await user.upload(screen.getByLabelText('CSV file'), file())
    await user.click(check)
    const plan = await screen.findByRole('region', { name: 'What the file changes' })
    expect(within(plan).getByText('New products (drafts)')).toBeTruthy()
    expect(within(plan).getByText('Stock at Gudang Jakarta: 0 → 5 (+5)')).toBeTruthy()
    expect(within(plan).getAllByText('New size')).toHaveLength(2)
    expect(calls).toHaveLength(1)
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/products/import.csv' })
    expect((calls[0]!.body as FormData).get('dry_run')).toBe('true')
    expect((calls[0]!.body as FormData).get('file')).toBeInstanceOf(File)

    await user.click(screen.getByRole('button', { name: 'Apply the changes' }))
    expect((await screen.findByRole('status')).textContent).toBe('The file was imported.')
    expect((calls[1]!.body as FormData).get('dry_run')).toBe('false')
  })

  it('lists the errors by line and column and offers nothing to apply', async () => {
    const user = userEvent.setup()
    fakeStaffApi(() =>
      refusal(422, 'STF116', 'The file has errors: nothing was changed', [
        { field: 'line 3: selling_price', message: 'must be at least 1' },
        { field: 'line 1: colour', message: 'Unknown column' },
      ]),
    )
    renderScreen(<ProductCsvDialog onClose={() => {}} />)
    await user.upload(screen.getByLabelText('CSV file'), file())
    await user.click(screen.getByRole('button', { name: 'Check the file' }))
    expect((await screen.findByRole('alert')).textContent).toBe('The file has errors: nothing was changed')
    const table = screen.getByRole('table', { name: 'Fix these and check the file again:' })
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows.map((row) => row.textContent)).toEqual([
      '3selling_pricemust be at least 1',
      '1colourUnknown column',
    ])
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Apply the changes' })).toBeNull())
  })
})
