import { fireEvent } from '@testing-library/react'

/**
 * Chooses an option of a <select> as a shopper does: the value, then a bubbling `change` event (what
 * the browser sends when an option is picked; React's onChange on a select listens to it).
 */
export function chooseOption(select: HTMLSelectElement, value: string): void {
  select.value = value
  fireEvent(select, new Event('change', { bubbles: true }))
}
