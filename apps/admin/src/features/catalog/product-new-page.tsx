import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import { useTranslation } from 'react-i18next'
import {
  AdminProductCreateBodySchema,
  type AdminProduct,
  type AdminProductCreateBody,
} from '@busana/contract/schemas'
import { staffApi } from '../../lib/api.ts'
import { formSchema } from '../../lib/form-issues.ts'
import { Button, Card, ErrorNote, Field, Input, PageHeader, Select } from '../../components/ui.tsx'
import { useBrands } from './catalog.api.ts'

type NewProductForm = { product_code: string; product_name: string; id_brand: string }

/** The brand is chosen in a list (its id as text; none chosen is ''), the rest is sent as typed. */
const NewProductSchema = formSchema(
  AdminProductCreateBodySchema,
  (form: NewProductForm) => ({ ...form, id_brand: Number(form.id_brand) }),
  'product_name',
)

/** A new product starts as a draft with its code, brand and name; the rest is edited on its page. */
export function ProductNewPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const brands = useBrands()
  const form = useForm<NewProductForm, unknown, AdminProductCreateBody>({
    resolver: zodResolver(NewProductSchema),
    defaultValues: { product_code: '', product_name: '', id_brand: '' },
  })
  const create = useMutation({
    mutationFn: (body: AdminProductCreateBody) => staffApi<AdminProduct>('POST', '/products', { body }),
    onSuccess: (product) => navigate(`/products/${encodeURIComponent(product.product_code)}`),
  })
  const { errors } = form.formState
  return (
    <div className="flex max-w-xl flex-col gap-4">
      <PageHeader title={t('products.new')} />
      <Card>
        <form
          noValidate
          onSubmit={form.handleSubmit((body) => create.mutate(body))}
          className="flex flex-col gap-3"
        >
          <ErrorNote error={create.error} />
          <Field
            label={t('products.code')}
            hint={t('products.codeHint')}
            error={errors.product_code?.message}
          >
            {(props) => <Input {...props} {...form.register('product_code')} />}
          </Field>
          <Field label={t('products.brand')} error={errors.id_brand?.message}>
            {(props) => (
              <Select {...props} {...form.register('id_brand')}>
                <option value="">—</option>
                {brands.data?.map((brand) => (
                  <option key={brand.id} value={brand.id}>
                    {brand.name}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label={t('products.name')} error={errors.product_name?.message}>
            {(props) => <Input {...props} {...form.register('product_name')} />}
          </Field>
          <Button type="submit" disabled={create.isPending} className="self-start">
            {t('products.create')}
          </Button>
        </form>
      </Card>
    </div>
  )
}
