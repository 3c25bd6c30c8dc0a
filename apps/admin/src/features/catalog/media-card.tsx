import { useRef } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import {
  AdminVideoBodySchema,
  CATALOG_IMAGE_MAX_BYTES,
  CATALOG_MEDIA_MAX,
  type AdminProduct,
  type AdminVideoBody,
} from '@busana/contract/schemas'
import { staffApi } from '../../lib/api.ts'
import { formSchema } from '../../lib/form-issues.ts'
import { Button, Card, ErrorNote, Input } from '../../components/ui.tsx'
import { useProductSaved } from './catalog.api.ts'

/**
 * The gallery: pictures uploaded (the server checks and re-encodes them to WebP and AVIF), videos
 * by URL with a poster; the first item is the card's picture.
 */
export function MediaCard({ product }: { product: AdminProduct }) {
  const { t } = useTranslation()
  const saved = useProductSaved(product.product_code)
  const base = `/products/${encodeURIComponent(product.product_code)}/media`
  const fileRef = useRef<HTMLInputElement>(null)
  const upload = useMutation({
    mutationFn: async (files: File[]) => {
      let answer: AdminProduct | null = null
      for (const file of files) {
        const form = new FormData()
        form.append('file', file)
        answer = await staffApi<AdminProduct>('POST', `${base}/images`, { form })
        saved(answer)
      }
      return answer
    },
    onSettled: () => {
      if (fileRef.current) fileRef.current.value = ''
    },
  })
  const reorder = useMutation({
    mutationFn: (ids: number[]) => staffApi<AdminProduct>('PUT', `${base}/order`, { body: { ids } }),
    onSuccess: saved,
  })
  const remove = useMutation({
    mutationFn: (id: number) => staffApi<AdminProduct>('DELETE', `${base}/${id}`),
    onSuccess: saved,
  })
  const ids = product.url_media.map((item) => item.id)
  const move = (index: number, by: number) => {
    const next = [...ids]
    const [item] = next.splice(index, 1)
    next.splice(index + by, 0, item!)
    reorder.mutate(next)
  }
  return (
    <Card title={t('media.title', { count: product.url_media.length, max: CATALOG_MEDIA_MAX })}>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
        {product.url_media.map((item, index) => (
          <li key={item.id} className="flex flex-col gap-1">
            <div className="relative">
              <img
                src={item.src || item.url}
                alt={t('media.item', { n: index + 1 })}
                className="aspect-[3/4] w-full rounded object-cover"
              />
              {item.type === 'video' && (
                <span className="absolute left-1 top-1 rounded bg-black/70 px-1 text-xs text-white">
                  ▶ {t('media.video')}
                </span>
              )}
            </div>
            <div className="flex justify-between gap-1">
              <Button
                look="secondary"
                className="px-2 py-1"
                disabled={index === 0 || reorder.isPending}
                onClick={() => move(index, -1)}
                aria-label={t('media.earlier', { n: index + 1 })}
              >
                ←
              </Button>
              <Button
                look="secondary"
                className="px-2 py-1"
                disabled={index === ids.length - 1 || reorder.isPending}
                onClick={() => move(index, 1)}
                aria-label={t('media.later', { n: index + 1 })}
              >
                →
              </Button>
              <Button
                look="danger"
                className="px-2 py-1"
                disabled={remove.isPending}
                onClick={() => remove.mutate(item.id)}
                aria-label={t('media.remove', { n: index + 1 })}
              >
                ✕
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <div className="mt-4 flex flex-col gap-2 border-t border-slate-200 pt-3">
        <label className="text-sm font-medium" htmlFor="media-upload">
          {t('media.upload')}
        </label>
        <p className="text-xs text-slate-500">
          {t('media.uploadHint', { mb: CATALOG_IMAGE_MAX_BYTES / 1024 / 1024 })}
        </p>
        <input
          ref={fileRef}
          id="media-upload"
          type="file"
          accept="image/jpeg,image/png,image/webp,image/avif"
          multiple
          disabled={upload.isPending}
          onChange={(event) => upload.mutate([...(event.target.files ?? [])])}
          className="text-sm file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:text-sm file:font-medium hover:file:bg-slate-100"
        />
        {upload.isPending && (
          <p role="status" className="text-sm">
            {t('media.uploading')}
          </p>
        )}
        <ErrorNote error={upload.error ?? reorder.error ?? remove.error} />
      </div>
      <VideoForm product={product} />
    </Card>
  )
}

type VideoForm = { url: string; poster: string }
const VideoSchema = formSchema(AdminVideoBodySchema, (form: VideoForm) => form, 'url')

function VideoForm({ product }: { product: AdminProduct }) {
  const { t } = useTranslation()
  const saved = useProductSaved(product.product_code)
  const form = useForm<VideoForm, unknown, AdminVideoBody>({
    resolver: zodResolver(VideoSchema),
    defaultValues: { url: '', poster: '' },
  })
  const add = useMutation({
    mutationFn: (body: AdminVideoBody) =>
      staffApi<AdminProduct>('POST', `/products/${encodeURIComponent(product.product_code)}/media/videos`, {
        body,
      }),
    onSuccess: (answer) => {
      saved(answer)
      form.reset()
    },
  })
  const submit = form.handleSubmit((body) => add.mutate(body))
  const { errors } = form.formState
  return (
    <form noValidate onSubmit={submit} className="mt-4 flex flex-col gap-2 border-t border-slate-200 pt-3">
      <h3 className="text-sm font-semibold">{t('media.addVideo')}</h3>
      <div className="grid gap-2 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <label className="flex flex-col gap-1 text-xs font-medium">
          {t('media.videoUrl')}
          <Input
            aria-invalid={Boolean(errors.url)}
            {...form.register('url')}
            placeholder="https://www.youtube.com/watch?v=…"
          />
          {errors.url && <span className="font-normal text-red-700">{errors.url.message}</span>}
        </label>
        <label className="flex flex-col gap-1 text-xs font-medium">
          {t('media.poster')}
          <Input aria-invalid={Boolean(errors.poster)} {...form.register('poster')} placeholder="/media/…" />
          {errors.poster && <span className="font-normal text-red-700">{errors.poster.message}</span>}
        </label>
        <Button type="submit" look="secondary" disabled={add.isPending}>
          {t('media.addVideoButton')}
        </Button>
      </div>
      <ErrorNote error={add.error} />
    </form>
  )
}
