import type { RouteObject } from 'react-router'
import { ForRoles } from '../../components/layout.tsx'
import { CategoriesPage } from './categories-page.tsx'
import { ListingOrderPage } from './listing-order-page.tsx'
import { MenusPage } from './menus-page.tsx'
import { ProductNewPage } from './product-new-page.tsx'
import { ProductPage } from './product-page.tsx'
import { ProductsPage } from './products-page.tsx'
import { SlidersPage } from './sliders-page.tsx'

/** The catalogue's screens (owner, merchandiser). */
export const catalogRoutes: RouteObject[] = [
  {
    path: 'products',
    element: (
      <ForRoles screen="products">
        <ProductsPage />
      </ForRoles>
    ),
  },
  {
    path: 'products/new',
    element: (
      <ForRoles screen="products">
        <ProductNewPage />
      </ForRoles>
    ),
  },
  {
    path: 'products/:code',
    element: (
      <ForRoles screen="products">
        <ProductPage />
      </ForRoles>
    ),
  },
  {
    path: 'categories',
    element: (
      <ForRoles screen="categories">
        <CategoriesPage />
      </ForRoles>
    ),
  },
  {
    path: 'categories/:id/products',
    element: (
      <ForRoles screen="categories">
        <ListingOrderPage />
      </ForRoles>
    ),
  },
  {
    path: 'menus',
    element: (
      <ForRoles screen="menus">
        <MenusPage />
      </ForRoles>
    ),
  },
  {
    path: 'sliders',
    element: (
      <ForRoles screen="sliders">
        <SlidersPage />
      </ForRoles>
    ),
  },
]
