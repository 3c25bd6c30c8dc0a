import { describe, expect, it, vi } from 'vitest'
import { act } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { hydrateRoot } from 'react-dom/client'
import { I18nProvider } from '~/lib/i18n-react.ts'
import { makeProduct, variant } from '../product.fixtures'
import { i18n } from '../product.test-utils'
import { SizePicker } from './size-picker'

describe('size picker before hydration', () => {
  it("counts a size picked in the server's page before its code arrived", async () => {
    const product = makeProduct({ variant: [variant('S'), variant('M')] })
    const onSelect = vi.fn()
    const ui = (
      <I18nProvider i18n={i18n}>
        <SizePicker product={product} selectedSku={null} onSelect={onSelect} />
      </I18nProvider>
    )
    const container = document.createElement('div')
    container.innerHTML = renderToString(ui)
    document.body.append(container)
    // The shopper taps M while the page is still the server's HTML.
    container.querySelector<HTMLInputElement>('input[value="BSN-001-M"]')!.checked = true
    await act(async () => {
      hydrateRoot(container, ui)
    })
    expect(onSelect).toHaveBeenCalledExactlyOnceWith('BSN-001-M')
    container.remove()
  })
})
