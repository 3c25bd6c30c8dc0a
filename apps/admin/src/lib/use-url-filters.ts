import { useSearchParams } from 'react-router'

/**
 * A list's filters and page kept in the address (?q=…&status=…&page=2), so a filtered list can be
 * shared and survives a reload. Changing a filter goes back to page 1 and replaces the history
 * entry; turning a page adds one (Back returns to the previous page).
 */
export function useUrlFilters<const Names extends readonly string[]>(
  names: Names,
  defaults: Partial<Record<Names[number], string>> = {},
) {
  const [params, setParams] = useSearchParams()
  const filters = Object.fromEntries(
    names.map((name) => [name, params.get(name) ?? (defaults as Record<string, string>)[name] ?? '']),
  ) as Record<Names[number], string>
  const page = Number(params.get('page') ?? '1') || 1
  const setFilter = (name: Names[number], value: string) => {
    const next = new URLSearchParams(params)
    if (value) next.set(name, value)
    else next.delete(name)
    next.delete('page')
    setParams(next, { replace: true })
  }
  const setPage = (value: number) => {
    const next = new URLSearchParams(params)
    next.set('page', String(value))
    setParams(next)
  }
  return { filters, page, setFilter, setPage }
}
