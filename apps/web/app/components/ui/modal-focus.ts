import { useLayoutEffect, useRef, type RefObject } from 'react'

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]'

/**
 * The elements Tab stops at inside `root`, in document order: shown, enabled, not taken out by a
 * negative tabindex, and one radio per group (the checked one, else the first), as the browser does.
 */
export function tabStops(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => {
    if (element.tabIndex < 0 || element.closest('[inert]')) return false
    if (element.getClientRects().length === 0 || getComputedStyle(element).visibility === 'hidden') {
      return false
    }
    if (element instanceof HTMLInputElement && element.type === 'radio' && element.name) {
      const group = [...root.querySelectorAll<HTMLInputElement>('input[type="radio"]')].filter(
        (radio) => radio.name === element.name,
      )
      return (group.find((radio) => radio.checked) ?? group[0]) === element
    }
    return true
  })
}

/** The open modals, innermost last: only it answers Tab and Escape. */
const open: HTMLElement[] = []

/**
 * What every modal surface owes a keyboard (issue 29): focus moves in when it opens (to
 * `initialFocus`, else the panel's first stop), Tab and Shift+Tab wrap inside it, Escape closes it,
 * and focus returns to the control that opened it when it closes. A modal opened from another (the
 * share dialog from a quick view) takes the keys until it closes. A layout effect, so focus and
 * Escape work from the frame the panel first shows.
 */
export function useModalFocus(
  panelRef: RefObject<HTMLElement | null>,
  onEscape: () => void,
  initialFocus?: RefObject<HTMLElement | null>,
) {
  const onEscapeRef = useRef(onEscape)
  onEscapeRef.current = onEscape

  useLayoutEffect(() => {
    const panel = panelRef.current
    if (!panel) return
    const opener = document.activeElement as HTMLElement | null
    open.push(panel)
    ;(initialFocus?.current ?? tabStops(panel)[0] ?? panel).focus()
    const onKeyDown = (event: KeyboardEvent) => {
      if (open.at(-1) !== panel) return
      if (event.key === 'Escape') {
        event.stopPropagation()
        onEscapeRef.current()
        return
      }
      if (event.key !== 'Tab') return
      const stops = tabStops(panel)
      const first = stops[0]
      const last = stops.at(-1)
      const active = document.activeElement
      if (!first || !last) {
        event.preventDefault()
        return
      }
      const inside = panel.contains(active)
      if (event.shiftKey && (active === first || !inside)) {
        event.preventDefault()
        last.focus()
      } else if (!event.shiftKey && (active === last || !inside)) {
        event.preventDefault()
        first.focus()
      }
    }
    document.addEventListener('keydown', onKeyDown)
    return () => {
      document.removeEventListener('keydown', onKeyDown)
      open.splice(open.indexOf(panel), 1)
      if (opener && document.contains(opener)) opener.focus()
    }
  }, [panelRef, initialFocus])
}
