/**
 * Whether the floating chat button, at `rect`, would cover a control of the page (issue 44): a
 * button, a form field, a tab, a checkbox or radio, or a link no bigger than a small control (a
 * product card is one large link under any floating button: it stays usable around it). Read at
 * five points of the button's footprint (its centre and corners, inset), below the button itself.
 */
const CONTROL =
  'button, input, select, textarea, summary, [role="button"], [role="checkbox"], [role="radio"], [role="switch"], [role="tab"]'

export function coversControl(rect: DOMRect, own: Element, doc: Document = document): boolean {
  const inset = 6
  const points: [number, number][] = [
    [rect.left + rect.width / 2, rect.top + rect.height / 2],
    [rect.left + inset, rect.top + inset],
    [rect.right - inset, rect.top + inset],
    [rect.left + inset, rect.bottom - inset],
    [rect.right - inset, rect.bottom - inset],
  ]
  const limit = rect.width * rect.height * 3
  for (const [x, y] of points) {
    for (const element of doc.elementsFromPoint(x, y)) {
      if (own.contains(element)) continue
      const control = element.closest(CONTROL)
      if (control) return true
      const link = element.closest('a[href]')
      if (link) {
        const box = link.getBoundingClientRect()
        if (box.width * box.height <= limit) return true
      }
      // The topmost element of the page at this point decides.
      break
    }
  }
  return false
}
