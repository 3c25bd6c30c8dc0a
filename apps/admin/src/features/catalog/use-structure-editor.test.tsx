import { act, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import {
  AdminCategoryCreateBodySchema,
  AdminCategoryUpdateBodySchema,
  type AdminCategory,
} from '@busana/contract/schemas'
import i18n from '../../lib/i18n.ts'
import { fakeStaffApi, renderWithProviders } from '../../test/render.tsx'
import { useStructureEditor } from './use-structure-editor.ts'

type CategoryForm = { name: string; title: string; priority: string; in_grid: boolean }
const formOf = (category?: AdminCategory): CategoryForm => ({
  name: category?.name ?? '',
  title: category?.title ?? '',
  priority: String(category?.priority ?? 0),
  in_grid: category?.in_grid ?? false,
})
const bodyOf = (form: CategoryForm) => ({ ...form, priority: Number(form.priority || '0') })
const kept = {
  id: 5,
  id_brand: 18,
  name: 'kebaya',
  title: 'Kebaya',
  is_child: false,
  priority: 2,
  url_image: '',
  in_grid: true,
  new_products: 'bottom',
  products: 4,
} satisfies AdminCategory

function editor(row?: AdminCategory) {
  return renderWithProviders(() =>
    useStructureEditor({
      path: 'categories',
      brand: 18,
      row,
      formOf,
      bodyOf,
      createSchema: AdminCategoryCreateBodySchema,
      updateSchema: AdminCategoryUpdateBodySchema,
    }),
  )
}

describe('useStructureEditor', () => {
  it("creates a new row with the page's brand, reads the brand's list again and empties the form", async () => {
    const calls = fakeStaffApi(() => ({ ...kept, id: 9 }))
    const { result, queryClient } = editor()
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries')
    act(() => {
      result.current.form.setValue('name', ' new-drop ')
      result.current.form.setValue('title', 'New drop')
      result.current.form.setValue('priority', '3')
    })
    await act(() => result.current.submit())
    expect(calls).toEqual([
      expect.objectContaining({
        method: 'POST',
        url: '/categories',
        body: { name: 'new-drop', title: 'New drop', priority: 3, in_grid: false, id_brand: 18 },
      }),
    ])
    await waitFor(() => expect(result.current.form.getValues()).toEqual(formOf()))
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['categories', 18] })
  })

  it('saves a kept row with PATCH, without the brand, and keeps what was typed', async () => {
    const calls = fakeStaffApi(() => kept)
    const { result } = editor(kept)
    act(() => result.current.form.setValue('title', 'Kebaya modern'))
    await act(() => result.current.submit())
    expect(calls).toEqual([
      expect.objectContaining({
        method: 'PATCH',
        url: '/categories/5',
        body: { name: 'kebaya', title: 'Kebaya modern', priority: 2, in_grid: true },
      }),
    ])
    await waitFor(() => expect(result.current.save.isSuccess).toBe(true))
    expect(result.current.form.getValues('title')).toBe('Kebaya modern')
  })

  it("refuses with the contract's reasons in one line and sends nothing", async () => {
    const calls = fakeStaffApi()
    const { result } = editor()
    act(() => {
      result.current.form.setValue('name', 'New Drop')
      result.current.form.setValue('priority', '5000')
    })
    await act(() => result.current.submit())
    expect(calls).toEqual([])
    expect(result.current.invalid).toBe(
      "name: must be 1-120 lowercase letters, digits or '-' (it is the listing's URL); " +
        'title: is required; priority: must be at most 1000',
    )
  })

  it("tells the refusals in the UI's language and clears them once the row is fixed", async () => {
    await i18n.changeLanguage('id')
    fakeStaffApi(() => kept)
    const { result } = editor()
    act(() => result.current.form.setValue('name', 'batik'))
    await act(() => result.current.submit())
    expect(result.current.invalid).toBe('title: wajib diisi')
    act(() => result.current.form.setValue('title', 'Batik'))
    await act(() => result.current.submit())
    expect(result.current.invalid).toBeNull()
  })

  it("deletes a kept row and reads the brand's list again", async () => {
    const calls = fakeStaffApi(() => null)
    const { result, queryClient } = editor(kept)
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries')
    await act(() => result.current.remove.mutateAsync())
    expect(calls).toEqual([expect.objectContaining({ method: 'DELETE', url: '/categories/5' })])
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['categories', 18] })
  })
})
