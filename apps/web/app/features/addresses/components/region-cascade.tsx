import { useEffect, useId, useState } from 'react'
import { useTranslation } from '~/lib/i18n-react.ts'
import type {
  CityOption,
  DistrictOption,
  ProvinceOption,
  RegionSource,
  VillageOption,
} from '../addresses.api.ts'
import { POSTAL_CODE_LENGTH } from '@busana/contract'
import {
  changeCity,
  changeDistrict,
  changeProvince,
  changeVillage,
  type RegionValue,
} from '../address-form.rules.ts'

export interface RegionCascadeProps {
  value: RegionValue
  onChange(next: RegionValue): void
  source: RegionSource
  /** Outline the sub-district in red: the saved address lacks one (docs/product/account.md §2). */
  flagVillage?: boolean
}

/** Loads one option list whenever its parent id changes; [] while there is no parent. */
function useOptions<T>(parent: string | null, load: (parent: string) => Promise<T[]>): T[] {
  const [state, setState] = useState<{ parent: string | null; options: T[] }>({ parent: null, options: [] })
  useEffect(() => {
    if (parent === null) return
    let live = true
    load(parent).then(
      (options) => live && setState({ parent, options }),
      () => live && setState({ parent, options: [] }),
    )
    return () => {
      live = false
    }
    // `load` is a stable method of the source; the parent id alone decides what to fetch.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [parent])
  return parent !== null && state.parent === parent ? state.options : []
}

const selectClass =
  'h-11 w-full border border-neutral-300 bg-white px-3 text-sm text-ink focus:border-ink disabled:bg-neutral-100 disabled:text-neutral-400'

/**
 * Province → city → district → sub-district, then the read-only postal code (docs/product/account.md §4
 * and 5). Each level needs its parent; changing a level clears everything below it; choosing a
 * sub-district fills the postal code from its zip_code. Reused by guest checkout.
 */
export function RegionCascade({ value, onChange, source, flagVillage = false }: RegionCascadeProps) {
  const { t } = useTranslation('addresses')
  const id = useId()
  const provinces = useOptions<ProvinceOption>('', () => source.provinces())
  const cities = useOptions<CityOption>(value.province_id || null, (p) => source.cities(p))
  const districts = useOptions<DistrictOption>(value.city_id || null, (c) => source.districts(c))
  const villages = useOptions<VillageOption>(value.destination_code || null, (d) => source.villages(d))

  // A saved value whose option has not loaded yet still shows its name.
  const keep = (current: string, name: string, present: boolean) =>
    current && !present ? <option value={current}>{name || current}</option> : null

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="grid gap-1 text-xs font-medium">
        <label htmlFor={`${id}-province`}>{t('form.province')}</label>
        <select
          id={`${id}-province`}
          className={selectClass}
          value={value.province_id}
          onChange={(e) => {
            const option = provinces.find((p) => p.province_id === e.target.value)
            onChange(changeProvince(value, e.target.value, option?.province ?? ''))
          }}
        >
          <option value="">{t('form.choose', { what: t('form.province') })}</option>
          {keep(
            value.province_id,
            value.province,
            provinces.some((p) => p.province_id === value.province_id),
          )}
          {provinces.map((p) => (
            <option key={p.province_id} value={p.province_id}>
              {p.province}
            </option>
          ))}
        </select>
      </div>
      <div className="grid gap-1 text-xs font-medium">
        <label htmlFor={`${id}-city`}>{t('form.city')}</label>
        <select
          id={`${id}-city`}
          className={selectClass}
          value={value.city_id}
          disabled={!value.province_id}
          onChange={(e) => {
            const option = cities.find((c) => c.city_id === e.target.value)
            onChange(changeCity(value, e.target.value, option?.city ?? ''))
          }}
        >
          <option value="">{t('form.choose', { what: t('form.city') })}</option>
          {keep(
            value.city_id,
            value.city,
            cities.some((c) => c.city_id === value.city_id),
          )}
          {cities.map((c) => (
            <option key={c.city_id} value={c.city_id}>
              {c.city}
            </option>
          ))}
        </select>
      </div>
      <div className="grid gap-1 text-xs font-medium">
        <label htmlFor={`${id}-district`}>{t('form.district')}</label>
        <select
          id={`${id}-district`}
          className={selectClass}
          value={value.destination_code}
          disabled={!value.city_id}
          onChange={(e) => {
            const option = districts.find((d) => d.destination_code === e.target.value)
            onChange(changeDistrict(value, e.target.value, option?.subdistrict ?? ''))
          }}
        >
          <option value="">{t('form.choose', { what: t('form.district') })}</option>
          {keep(
            value.destination_code,
            value.district,
            districts.some((d) => d.destination_code === value.destination_code),
          )}
          {districts.map((d) => (
            <option key={d.destination_code} value={d.destination_code}>
              {d.subdistrict}
            </option>
          ))}
        </select>
      </div>
      <div
        className={`grid gap-1 text-xs font-medium ${flagVillage && !value.id_address_village ? 'text-red-600' : ''}`}
      >
        <label htmlFor={`${id}-village`}>{t('form.village')}</label>
        <select
          id={`${id}-village`}
          className={`${selectClass} ${flagVillage && !value.id_address_village ? 'border-red-600' : ''}`}
          value={value.id_address_village}
          disabled={!value.destination_code}
          onChange={(e) => {
            const option = villages.find((v) => v.id === e.target.value) ?? null
            onChange(changeVillage(value, option))
          }}
        >
          <option value="">{t('form.choose', { what: t('form.village') })}</option>
          {keep(
            value.id_address_village,
            value.village,
            villages.some((v) => v.id === value.id_address_village),
          )}
          {villages.map((v) => (
            <option key={v.id} value={v.id}>
              {v.name}
            </option>
          ))}
        </select>
      </div>
      <div className="grid gap-1 text-xs font-medium">
        <label htmlFor={`${id}-postal`}>{t('form.postalCode')}</label>
        <input
          id={`${id}-postal`}
          className={`${selectClass} bg-neutral-50`}
          value={value.kode_pos}
          readOnly
          inputMode="numeric"
          maxLength={POSTAL_CODE_LENGTH}
          pattern="[0-9]*"
        />
      </div>
    </div>
  )
}
