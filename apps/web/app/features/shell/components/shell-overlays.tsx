import { lazy, Suspense } from 'react'
import type { MenuEntry, SiteData } from '@busana/contract'
import { useOverlayStore } from '~/lib/overlay-store.ts'

// Not on the first paint: each overlay's code loads when it first opens.
const SidebarDrawer = lazy(() => import('./sidebar-drawer.tsx').then((m) => ({ default: m.SidebarDrawer })))
const QuickBagDrawer = lazy(() =>
  import('./quick-bag-drawer.tsx').then((m) => ({ default: m.QuickBagDrawer })),
)

/** The shell's overlays (sidebar, quick bag), mounted only while open; the root mounts the auth dialog. */
export function ShellOverlays({
  site,
  menu,
  brandName,
}: {
  site: SiteData | null
  menu: MenuEntry[]
  brandName: string
}) {
  const sidebarOpen = useOverlayStore((s) => s.sidebarOpen)
  const quickBagOpen = useOverlayStore((s) => s.quickBagOpen)
  return (
    <Suspense fallback={null}>
      {sidebarOpen && <SidebarDrawer site={site} menu={menu} brandName={brandName} />}
      {quickBagOpen && <QuickBagDrawer />}
    </Suspense>
  )
}
