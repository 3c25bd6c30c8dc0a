import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { AdminArticleCreateSchema, AdminArticleUpdateSchema } from '@busana/contract/schemas'
import { ApiError } from '../../lib/api.ts'
import { renderScreen } from '../../test/render.tsx'
import { EntityForm, type FieldSpec } from './entity-form.tsx'

const fields: FieldSpec[] = [
  { name: 'slug', label: 'Slug', kind: 'text', createOnly: true },
  { name: 'published_at', label: 'Published at', kind: 'datetime' },
  { name: 'icon', label: 'Picture', kind: 'text' },
  { name: 'judul_id', label: 'Title (id)', kind: 'text' },
  { name: 'konten_id', label: 'Body (id)', kind: 'html' },
  { name: 'judul_en', label: 'Title (en)', kind: 'text' },
  { name: 'konten_en', label: 'Body (en)', kind: 'html' },
]
const article = {
  slug: 'cara-merawat-batik',
  icon: '',
  judul_en: 'Caring for batik',
  judul_id: 'Cara merawat batik',
  konten_en: '<p>Wash cold.</p>',
  konten_id: '<p>Cuci dingin.</p>',
  published_at: '2026-12-01T20:00:00+07:00',
}

describe('EntityForm', () => {
  it("shows a date on the shop's clock and sends the typed wall clock at +07:00, never a create-only field", async () => {
    const user = userEvent.setup()
    const save = vi.fn(async (body: unknown) => ({ ...article, ...(body as object) }))
    renderScreen(
      <EntityForm
        fields={fields}
        row={article}
        schema={AdminArticleUpdateSchema}
        save={save}
        formLabel="Article"
      />,
    )
    const publishedAt = screen.getByLabelText('Published at') as HTMLInputElement
    expect(publishedAt.value).toBe('2026-12-01T20:00')
    expect(screen.queryByLabelText('Slug')).toBeNull()
    await user.clear(screen.getByLabelText('Title (en)'))
    await user.type(screen.getByLabelText('Title (en)'), 'Batik care')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(save).toHaveBeenCalledOnce())
    expect(save.mock.calls[0]![0]).toEqual({
      published_at: '2026-12-01T20:00:00+07:00',
      icon: '',
      judul_id: 'Cara merawat batik',
      konten_id: '<p>Cuci dingin.</p>',
      judul_en: 'Batik care',
      konten_en: '<p>Wash cold.</p>',
    })
    expect(await screen.findByRole('status')).toBeTruthy()
  })

  it("puts the contract's reasons next to the fields when creating, and saves nothing", async () => {
    const user = userEvent.setup()
    const save = vi.fn(async () => article)
    renderScreen(
      <EntityForm fields={fields} schema={AdminArticleCreateSchema} save={save} formLabel="New article" />,
    )
    await user.type(screen.getByLabelText('Slug'), 'Cara Merawat')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(screen.getByLabelText('Slug').getAttribute('aria-invalid')).toBe('true'))
    expect(screen.getByLabelText('Title (en)').getAttribute('aria-invalid')).toBe('true')
    expect(save).not.toHaveBeenCalled()
  })

  it("puts the server's refused fields (REQ001) next to them", async () => {
    const user = userEvent.setup()
    const save = vi.fn(async () => {
      throw new ApiError(400, 'REQ001', 'Invalid request', [
        { field: 'icon', message: 'must be an https:// URL or a /media/ path' },
      ])
    })
    renderScreen(
      <EntityForm
        fields={fields}
        row={article}
        schema={AdminArticleUpdateSchema}
        save={save}
        formLabel="Article"
      />,
    )
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('must be an https:// URL or a /media/ path')).toBeTruthy()
    expect(screen.getByLabelText('Picture').getAttribute('aria-invalid')).toBe('true')
  })
})
