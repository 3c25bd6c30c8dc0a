import { Suspense } from 'react'
import { categoryPath } from '@busana/contract'
import type { HomeView } from '../home.rules.ts'
import { useFullHome } from '../use-full-home.ts'
import { BannerCarousel } from './banner-carousel.tsx'
import { ProductRail } from './product-rail.tsx'
import { CategoryGrid } from './category-grid.tsx'

/**
 * Home and junior home: per slider a banner carousel and a product row with View All, then the
 * category grid. What lies below the first slider is in Suspense boundaries: React hydrates each
 * as a task of its own after the first screen, so no one long task holds a tap (decision 040).
 */
export function HomeSections({ data: firstView, isChild }: { data: HomeView; isChild: boolean }) {
  const data = useFullHome(firstView, isChild)
  return (
    <>
      {data.slider.map((slider, index) => {
        const href = categoryPath(slider.id_brand, slider.category_name)
        const title = slider.title || slider.category_name
        const section = (
          <div key={`${slider.category_name}-${index}`} className={index === 0 ? '' : 'mt-14 lg:mt-20'}>
            {slider.url_image.length > 0 && (
              <BannerCarousel images={slider.url_image} href={href} label={title} priority={index === 0} />
            )}
            {slider.total > 0 && (
              <ProductRail title={title} href={href} products={slider.item} total={slider.total} />
            )}
          </div>
        )
        return index === 0 ? (
          section
        ) : (
          <Suspense key={`${slider.category_name}-${index}`} fallback={null}>
            {section}
          </Suspense>
        )
      })}
      <Suspense fallback={null}>
        <CategoryGrid categories={data.category} />
      </Suspense>
    </>
  )
}
