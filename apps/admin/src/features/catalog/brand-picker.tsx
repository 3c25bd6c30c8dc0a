import { useSearchParams } from 'react-router'
import { useTranslation } from 'react-i18next'
import { MAIN_BRAND_ID } from '@busana/contract/schemas'
import { Field, Select } from '../../components/ui.tsx'
import { useBrands } from './catalog.api.ts'

/** The brand a structure screen (categories, menus, sliders) shows, kept in the address (?brand=). */
export function useBrandParam(): [number, (id: number) => void] {
  const [params, setParams] = useSearchParams()
  const id = Number(params.get('brand') ?? MAIN_BRAND_ID) || MAIN_BRAND_ID
  return [id, (next) => setParams({ brand: String(next) }, { replace: true })]
}

export function BrandPicker({ value, onChange }: { value: number; onChange: (id: number) => void }) {
  const { t } = useTranslation()
  const brands = useBrands()
  return (
    <div className="max-w-xs">
      <Field label={t('products.brand')}>
        {(props) => (
          <Select {...props} value={value} onChange={(event) => onChange(Number(event.target.value))}>
            {brands.data?.map((brand) => (
              <option key={brand.id} value={brand.id}>
                {brand.name}
              </option>
            ))}
          </Select>
        )}
      </Field>
    </div>
  )
}
