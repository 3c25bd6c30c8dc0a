import type { RouteObject } from 'react-router'
import { ForRoles } from '../../components/layout.tsx'
import { ReviewsPage } from './reviews-page.tsx'

/** The reviews screen (owner, merchandiser, marketing, support; read only; issue 30). */
export const reviewsRoutes: RouteObject[] = [
  {
    path: 'reviews',
    element: (
      <ForRoles screen="reviews">
        <ReviewsPage />
      </ForRoles>
    ),
  },
]
