import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { SHOP_DATE_RANGE } from '@busana/contract/schemas'
import { Field, Input, Select } from './ui.tsx'

/**
 * A list's filter bar: a search field sent with Enter (`onSearch` gets the trimmed text), then the
 * list's own filters. Filters apply as they change; the search waits for Enter.
 */
export function FilterBar({
  label,
  hint,
  search,
  onSearch,
  className = '',
  children,
}: {
  label: string
  hint?: string
  search: string
  onSearch: (text: string) => void
  className?: string
  children?: ReactNode
}) {
  const { t } = useTranslation()
  return (
    <form
      role="search"
      className={`grid gap-3 ${className}`}
      onSubmit={(event) => {
        event.preventDefault()
        onSearch(String(new FormData(event.currentTarget).get('q') ?? '').trim())
      }}
    >
      <Field label={label}>
        {(props) => <Input {...props} name="q" type="search" defaultValue={search} placeholder={hint} />}
      </Field>
      {children}
      <button type="submit" className="sr-only">
        {t('common.filter')}
      </button>
    </form>
  )
}

/** One choice among a list's options, or all of them (''). */
export function ChoiceFilter({
  label,
  value,
  onChange,
  options,
}: {
  label: string
  value: string
  onChange: (value: string) => void
  options: readonly { value: string | number; label: string }[]
}) {
  const { t } = useTranslation()
  return (
    <Field label={label}>
      {(props) => (
        <Select {...props} value={value} onChange={(event) => onChange(event.target.value)}>
          <option value="">{t('common.all')}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
      )}
    </Field>
  )
}

/** A day (YYYY-MM-DD, the shop's), or none (''): the date pickers of the lists' periods. */
export function DateFilter({
  label,
  value,
  onChange,
}: {
  label: string
  value: string
  onChange: (value: string) => void
}) {
  return (
    <Field label={label}>
      {(props) => (
        <Input
          {...props}
          type="date"
          // The API's range (issue 38): the picker offers no day it would refuse.
          min={SHOP_DATE_RANGE.min}
          max={SHOP_DATE_RANGE.max}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  )
}
