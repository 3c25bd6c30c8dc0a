import { lazy, Suspense, type ReactNode } from 'react'
import type { MenuEntry, SiteData } from '@busana/contract'
import { useOverlayStore } from '~/lib/overlay-store.ts'

// Not on the first paint: each overlay's code loads when it first opens.
const SidebarDrawer = lazy(() => import('./sidebar-drawer.tsx').then((m) => ({ default: m.SidebarDrawer })))

/**
 * The shell's overlays (sidebar, quick bag), mounted only while open; the root mounts the auth dialog
 * and passes the quick bag (the cart feature's drawer: features do not import each other).
 */
export function ShellOverlays({
  site,
  menu,
  brandName,
  quickBag,
}: {
  site: SiteData | null
  menu: MenuEntry[]
  brandName: string
  quickBag?: ReactNode
}) {
  const sidebarOpen = useOverlayStore((s) => s.sidebarOpen)
  const quickBagOpen = useOverlayStore((s) => s.quickBagOpen)
  return (
    <Suspense fallback={null}>
      {sidebarOpen && <SidebarDrawer site={site} menu={menu} brandName={brandName} />}
      {quickBagOpen && quickBag}
    </Suspense>
  )
}
