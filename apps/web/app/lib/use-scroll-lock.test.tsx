import { afterEach, describe, expect, it } from 'vitest'
import { act, render } from '@testing-library/react'
import { OverlayScrollLock } from './use-scroll-lock.ts'
import { useOverlayStore } from './overlay-store.ts'

afterEach(() => {
  act(() => {
    useOverlayStore.setState({
      sidebarOpen: false,
      searchOpen: false,
      quickBagOpen: false,
      quickViewCode: null,
      shareOpen: false,
    })
    useOverlayStore.getState().closeAuth()
  })
})

describe('OverlayScrollLock', () => {
  it('hides the page overflow while any overlay is open and restores it after', () => {
    document.body.style.overflow = 'auto'
    render(<OverlayScrollLock />)
    expect(document.body.style.overflow).toBe('auto')

    const opens: Array<[string, () => void]> = [
      ['sidebar', () => useOverlayStore.getState().setSidebar(true)],
      ['search', () => useOverlayStore.getState().setSearch(true)],
      ['quick bag', () => useOverlayStore.getState().setQuickBag(true)],
      ['auth', () => useOverlayStore.getState().openAuth()],
      ['quick view', () => useOverlayStore.getState().openQuickView('P1')],
      ['share', () => useOverlayStore.getState().setShare(true)],
    ]
    for (const [name, open] of opens) {
      act(open)
      expect(document.body.style.overflow, name).toBe('hidden')
      act(() => {
        useOverlayStore.setState({
          sidebarOpen: false,
          searchOpen: false,
          quickBagOpen: false,
          quickViewCode: null,
          shareOpen: false,
        })
        useOverlayStore.getState().closeAuth()
      })
      expect(document.body.style.overflow, name).toBe('auto')
    }
  })

  it('stays locked until the last of two overlays closes', () => {
    render(<OverlayScrollLock />)
    act(() => {
      useOverlayStore.getState().setSidebar(true)
      useOverlayStore.getState().openAuth()
    })
    act(() => useOverlayStore.getState().setSidebar(false))
    expect(document.body.style.overflow).toBe('hidden')
    act(() => useOverlayStore.getState().closeAuth())
    expect(document.body.style.overflow).not.toBe('hidden')
  })
})
