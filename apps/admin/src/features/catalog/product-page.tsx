import { useState } from 'react'
import { Link, useParams } from 'react-router'
import { useMutation } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { productPath, PUBLISH_NEEDS, type AdminProduct, type PublishNeed } from '@busana/contract/schemas'
import { ApiError, staffApi } from '../../lib/api.ts'
import { Dialog } from '../../components/dialog.tsx'
import { Badge, Button, ErrorNote, Loading, PageHeader } from '../../components/ui.tsx'
import { useProduct, useProductSaved } from './catalog.api.ts'
import { ProductDetailsForm } from './product-details-form.tsx'
import { VariantsCard } from './variants-card.tsx'
import { MediaCard } from './media-card.tsx'
import { BundleCard } from './bundle-card.tsx'
import { WaitingCard } from './waiting-card.tsx'

/**
 * One product: its details, sizes and prices, who waits for a size or a lower price (published
 * only), gallery and bundle; published or back to draft.
 */
export function ProductPage() {
  const { t } = useTranslation()
  const code = useParams().code ?? ''
  const query = useProduct(code)
  if (query.isPending) return <Loading />
  if (query.error) return <ErrorNote error={query.error} />
  const product = query.data
  return (
    <div className="flex flex-col gap-4">
      <Link to="/products" className="text-sm underline">
        {t('products.back')}
      </Link>
      <PageHeader title={product.product_name} actions={<Publication product={product} />} />
      <p className="-mt-3 text-sm text-slate-500">{product.product_code}</p>
      <div className="grid grid-cols-1 gap-4 2xl:grid-cols-2">
        <ProductDetailsForm product={product} />
        <div className="flex flex-col gap-4">
          <VariantsCard product={product} />
          {!product.draft && <WaitingCard code={product.product_code} />}
          <MediaCard product={product} />
          <BundleCard product={product} />
        </div>
      </div>
    </div>
  )
}

/** What a 409 STF115 says is missing (its `errors`' fields), in PUBLISH_NEEDS order. */
const missingOf = (error: unknown): PublishNeed[] | null =>
  error instanceof ApiError && error.code === 'STF115'
    ? PUBLISH_NEEDS.filter((need) => error.fields.some((field) => field.field === need))
    : null

/**
 * Published or draft, and the button that changes it. Publishing a product without a photo or
 * without stock is refused (409 STF115, issue 43): a dialog says what shoppers would miss and asks
 * before publishing anyway (`force`). Without a size the server's refusal is shown as it is.
 */
function Publication({ product }: { product: AdminProduct }) {
  const { t } = useTranslation()
  const saved = useProductSaved(product.product_code)
  const [missing, setMissing] = useState<PublishNeed[] | null>(null)
  const toggle = useMutation({
    mutationFn: (force: boolean) =>
      staffApi<AdminProduct>(
        'POST',
        `/products/${encodeURIComponent(product.product_code)}/${product.draft ? 'publish' : 'unpublish'}`,
        force ? { body: { force: true } } : {},
      ),
    onSuccess: (changed) => {
      setMissing(null)
      saved(changed)
    },
    onError: (error) => {
      const gaps = missingOf(error)
      if (gaps) setMissing(gaps)
    },
  })
  return (
    <div className="flex flex-col items-end gap-2">
      <div className="flex items-center gap-2">
        {product.draft ? (
          <Badge tone="amber">{t('products.draft')}</Badge>
        ) : (
          <Badge tone="green">{t('products.published')}</Badge>
        )}
        {!product.draft && (
          <a href={productPath(product)} target="_blank" rel="noreferrer" className="text-sm underline">
            {t('products.viewInShop')}
          </a>
        )}
        <Button
          look={product.draft ? 'primary' : 'secondary'}
          onClick={() => toggle.mutate(false)}
          disabled={toggle.isPending}
        >
          {product.draft ? t('products.publish') : t('products.unpublish')}
        </Button>
      </div>
      {!missing && !missingOf(toggle.error) && <ErrorNote error={toggle.error} />}
      {missing && (
        <Dialog title={t('products.publishCheck.title')} onClose={() => setMissing(null)}>
          <div className="flex flex-col gap-3 text-sm">
            <p>{t('products.publishCheck.intro')}</p>
            <ul className="list-disc pl-5">
              {missing.map((need) => (
                <li key={need}>{t(`products.publishCheck.${need}`)}</li>
              ))}
            </ul>
            {toggle.variables === true && <ErrorNote error={toggle.error} />}
            <div className="flex flex-wrap gap-2">
              <Button look="primary" disabled={toggle.isPending} onClick={() => toggle.mutate(true)}>
                {t('products.publishCheck.confirm')}
              </Button>
              <Button look="secondary" onClick={() => setMissing(null)}>
                {t('common.cancel')}
              </Button>
            </div>
          </div>
        </Dialog>
      )}
    </div>
  )
}
