import { fireEvent } from '@testing-library/react'

/**
 * Chooses an option of a <select> as a shopper does: a `change` event. (Testing Library's
 * `fireEvent.change` sends `input` under Preact, which is right for text fields only: Preact listens
 * to `input` there and to `change` on selects.)
 */
export function chooseOption(select: HTMLSelectElement, value: string): void {
  select.value = value
  fireEvent(select, new Event('change', { bubbles: true }))
}
