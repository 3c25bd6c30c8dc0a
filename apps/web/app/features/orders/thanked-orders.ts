/**
 * The orders whose success page ('Thank you for your order!') this browser has shown (issue 26
 * item 10). A Paid order not in this list sends the order page on to its success page, whichever
 * way the shopper came back from paying (a link, a tab switch, a reload). Kept in localStorage, the
 * last 50, with a copy in memory so a browser without storage cannot loop between the two pages.
 */
const THANKED_KEY = 'busana-orders-thanked'
const KEEP = 50
const inMemory = new Set<string>()

function stored(): string[] {
  try {
    const value: unknown = JSON.parse(window.localStorage.getItem(THANKED_KEY) ?? '[]')
    return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : []
  } catch {
    return []
  }
}

/** Whether this browser has shown the order's success page. */
export function wasThanked(id: string): boolean {
  return inMemory.has(id) || stored().includes(id)
}

/** Remembers that the order's success page has shown. */
export function markThanked(id: string): void {
  inMemory.add(id)
  try {
    const list = stored().filter((entry) => entry !== id)
    window.localStorage.setItem(THANKED_KEY, JSON.stringify([...list, id].slice(-KEEP)))
  } catch {
    // No storage: the memory copy holds for this page.
  }
}
