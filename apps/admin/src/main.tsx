import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from 'react-router'
import './lib/i18n.ts'
import { whenSignedOut } from './lib/api.ts'
import { ME_KEY } from './lib/session.ts'
import { router } from './router.tsx'
import './app.css'

const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 10_000, refetchOnWindowFocus: true, retry: 1 } },
})
// The session ended on the server (expired, disabled, signed out elsewhere): back to sign-in.
whenSignedOut(() => queryClient.setQueryData(ME_KEY, null))

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
)
