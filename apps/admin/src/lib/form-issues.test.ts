import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { AdminVariantCreateBodySchema, BulkShipBodySchema } from '@busana/contract/schemas'
import { errorsText, fieldMessage, formSchema } from './form-issues.ts'
import i18n from './i18n.ts'

type VariantForm = { sku_product: string; ukuran: string; selling_price: string; weight_grams: string }
const toBody = (form: VariantForm) => ({
  ...form,
  selling_price: Number(form.selling_price),
  weight_grams: Number(form.weight_grams),
})
const VariantSchema = formSchema(AdminVariantCreateBodySchema, toBody, 'sku_product')
const issuesOf = (result: { success: boolean; error?: z.ZodError }) =>
  result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])

describe('formSchema', () => {
  it("answers the body as the contract's schema parsed it (trimmed, numbers)", () => {
    const result = VariantSchema.safeParse({
      sku_product: ' KBY-1-S ',
      ukuran: 'S',
      selling_price: '250000',
      weight_grams: '300',
    })
    expect(result).toEqual({
      success: true,
      data: { sku_product: 'KBY-1-S', ukuran: 'S', selling_price: 250000, weight_grams: 300 },
    })
  })

  it("puts each refusal on the form field its path starts with, with the contract's message", () => {
    const result = VariantSchema.safeParse({
      sku_product: 'KBY 1',
      ukuran: '',
      selling_price: '0',
      weight_grams: 'heavy',
    })
    expect(issuesOf(result)).toEqual([
      ['sku_product', "must be 1-80 letters, digits, '-' or '_'"],
      ['ukuran', 'is required'],
      ['selling_price', 'must be at least 1'],
      ['weight_grams', expect.any(String)],
    ])
  })

  it('puts a refusal of no form field (the whole body, or a field the form lacks) on the fallback', () => {
    const Schema = formSchema(
      z.object({ a: z.string(), b: z.string() }).refine(() => false, 'the whole body'),
      (form: { a: string }) => ({ a: form.a, b: 1 }),
      'a',
    )
    expect(issuesOf(Schema.safeParse({ a: 'x' }))).toEqual([['a', 'must be text']])
    const Whole = formSchema(
      z.object({ a: z.string() }).refine(() => false, 'the whole body'),
      (form: { a: string }) => form,
      'a',
    )
    expect(issuesOf(Whole.safeParse({ a: 'x' }))).toEqual([['a', 'the whole body']])
  })

  it("tells every refusal on the fallback with its path in 'path' placing", () => {
    type Rows = { orders: { sales_order_number: string; no_resi: string }[] }
    const Schema = formSchema(BulkShipBodySchema, (form: Rows) => form, 'orders', 'path')
    const result = Schema.safeParse({ orders: [{ sales_order_number: 'SO-1', no_resi: 'x' }] })
    expect(issuesOf(result)).toContainEqual(['orders', 'orders.0.no_resi 6 to 40 letters, digits or dashes'])
    expect(issuesOf(Schema.safeParse({ orders: [] }))).toEqual([['orders', 'orders give at least one order']])
  })
})

describe('errorsText', () => {
  it("tells a form's refused fields in one line, in the UI's language", async () => {
    const errors = {
      name: { type: 'custom', message: 'is required' },
      priority: { type: 'custom', message: 'must be at most 1000' },
    }
    expect(errorsText(errors)).toBe('name: is required; priority: must be at most 1000')
    await i18n.changeLanguage('id')
    expect(errorsText(errors)).toBe('name: wajib diisi; priority: harus paling banyak 1000')
    expect(fieldMessage('is required')).toBe('wajib diisi')
  })

  it('is empty when nothing is refused', () => {
    expect(errorsText({})).toBe('')
  })
})
