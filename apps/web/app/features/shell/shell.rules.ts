import { CHILD_SECTION_ID, categoryPath, whatsappNumber, type MenuEntry } from '@busana/contract'

/** True on the junior home (/prepps-jr): the shell then shows the is_child YES menu. */
export function isChildPath(pathname: string): boolean {
  return pathname.split('/')[1] === CHILD_SECTION_ID
}

/** The listing a menu entry opens, or null for a pure heading. */
export function menuEntryHref(entry: MenuEntry): string | null {
  return entry.category_name ? categoryPath(entry.id_brand, entry.category_name) : null
}

/** wa.me link from a stored number (the contract's whatsappNumber), or null when it is none. */
export function whatsappHref(number: string): string | null {
  const international = whatsappNumber(number)
  return international ? `https://wa.me/${international}` : null
}

/** Readable text colour on a footer background: light text on dark colours. */
export function prefersLightText(background: string): boolean {
  const hex = background.trim().replace(/^#/, '')
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex
  if (!/^[0-9a-f]{6}$/i.test(full)) return false
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16) / 255) as [number, number, number]
  const lin = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b) < 0.4
}

/** Internal links get the router; anything with a scheme opens as a plain link. */
export const isInternalLink = (link: string) => link.startsWith('/') && !link.startsWith('//')
