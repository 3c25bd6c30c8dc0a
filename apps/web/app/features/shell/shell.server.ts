import { z } from 'zod'
import {
  envelopeSchema,
  MenuEntrySchema,
  SiteDataSchema,
  type MenuEntry,
  type SiteData,
} from '@busana/contract/schemas'
import type { ApiClient } from '~/lib/api-client.ts'

const SiteResponseSchema = envelopeSchema(SiteDataSchema)
const MenuResponseSchema = envelopeSchema(z.array(MenuEntrySchema))

/**
 * Shell data for the first paint: site data (GET /api/v1/pages/site) and the menu
 * (GET /api/v2/pages/menu, is_child YES on the junior home). A failure leaves the shell bare
 * instead of failing every page.
 */
export async function loadShellData(
  api: ApiClient,
  isChild: boolean,
): Promise<{ site: SiteData | null; menu: MenuEntry[] }> {
  const [site, menu] = await Promise.all([
    api
      .request('/api/v1/pages/site', { schema: SiteResponseSchema })
      .then((answer) => answer.data)
      .catch((error: unknown) => {
        console.warn('Site data unavailable:', error instanceof Error ? error.message : error)
        return null
      }),
    api
      .request('/api/v2/pages/menu', {
        query: { is_child: isChild ? 'YES' : 'NO' },
        schema: MenuResponseSchema,
      })
      .then((answer) => [...answer.data].sort((a, b) => a.priority - b.priority))
      .catch((error: unknown) => {
        console.warn('Menu unavailable:', error instanceof Error ? error.message : error)
        return [] as MenuEntry[]
      }),
  ])
  return { site, menu }
}
