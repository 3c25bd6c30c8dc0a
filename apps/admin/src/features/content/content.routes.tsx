import { Navigate, type RouteObject } from 'react-router'
import { ForRoles } from '../../components/layout.tsx'
import { ContentPage } from './content-page.tsx'

/** The content screens (owner, marketing): one page, a tab per kind of content in the address. */
export const contentRoutes: RouteObject[] = [
  { path: 'content', element: <Navigate to="/content/faq" replace /> },
  {
    path: 'content/:section',
    element: (
      <ForRoles screen="content">
        <ContentPage />
      </ForRoles>
    ),
  },
]
