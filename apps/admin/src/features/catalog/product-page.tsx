import { Link, useParams } from 'react-router'
import { useMutation } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { productPath, type AdminProduct } from '@busana/contract/schemas'
import { staffApi } from '../../lib/api.ts'
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

function Publication({ product }: { product: AdminProduct }) {
  const { t } = useTranslation()
  const saved = useProductSaved(product.product_code)
  const toggle = useMutation({
    mutationFn: () =>
      staffApi<AdminProduct>(
        'POST',
        `/products/${encodeURIComponent(product.product_code)}/${product.draft ? 'publish' : 'unpublish'}`,
      ),
    onSuccess: saved,
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
          onClick={() => toggle.mutate()}
          disabled={toggle.isPending}
        >
          {product.draft ? t('products.publish') : t('products.unpublish')}
        </Button>
      </div>
      <ErrorNote error={toggle.error} />
    </div>
  )
}
