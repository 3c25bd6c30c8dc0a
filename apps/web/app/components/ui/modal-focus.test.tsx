import { describe, expect, it, vi } from 'vitest'
import { useRef, useState } from 'react'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useModalFocus } from './modal-focus.ts'

// jsdom lays nothing out: every element gets one box so tabStops sees it as shown.
Object.defineProperty(HTMLElement.prototype, 'getClientRects', {
  configurable: true,
  value() {
    return (this as HTMLElement).hidden ? [] : [{}]
  },
})

function Modal({
  name,
  onClose,
  children,
}: {
  name: string
  onClose: () => void
  children?: React.ReactNode
}) {
  const panel = useRef<HTMLDivElement>(null)
  useModalFocus(panel, onClose)
  return (
    <div ref={panel} role="dialog" aria-label={name}>
      <button type="button">{name} first</button>
      <input type="radio" name={`${name}-pick`} aria-label={`${name} a`} />
      <input type="radio" name={`${name}-pick`} aria-label={`${name} b`} defaultChecked />
      <button type="button" hidden>
        {name} hidden
      </button>
      <button type="button" disabled>
        {name} disabled
      </button>
      {children}
      <button type="button">{name} last</button>
    </div>
  )
}

function Page({ onOuterClose = () => {} }: { onOuterClose?: () => void }) {
  const [outer, setOuter] = useState(false)
  const [inner, setInner] = useState(false)
  return (
    <>
      <button type="button" onClick={() => setOuter(true)}>
        Open
      </button>
      <button type="button">Behind</button>
      {outer && (
        <Modal
          name="outer"
          onClose={() => {
            onOuterClose()
            setOuter(false)
          }}
        >
          <button type="button" onClick={() => setInner(true)}>
            Share
          </button>
          {inner && <Modal name="inner" onClose={() => setInner(false)} />}
        </Modal>
      )}
    </>
  )
}

const focused = () =>
  (document.activeElement as HTMLElement).getAttribute('aria-label') ?? document.activeElement!.textContent

describe('useModalFocus (issue 29)', () => {
  it('moves focus in, wraps Tab over the real stops, and gives focus back on Escape', async () => {
    const user = userEvent.setup()
    render(<Page />)
    await user.click(screen.getByRole('button', { name: 'Open' }))
    expect(focused()).toBe('outer first')
    await user.tab()
    // One radio per group, the checked one; hidden and disabled buttons are skipped.
    expect(focused()).toBe('outer b')
    await user.tab()
    expect(focused()).toBe('Share')
    await user.tab()
    expect(focused()).toBe('outer last')
    await user.tab()
    expect(focused()).toBe('outer first')
    await user.tab({ shift: true })
    expect(focused()).toBe('outer last')
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(focused()).toBe('Open')
  })

  it('lets the innermost of two modals alone answer Tab and Escape', async () => {
    const user = userEvent.setup()
    const onOuterClose = vi.fn()
    render(<Page onOuterClose={onOuterClose} />)
    await user.click(screen.getByRole('button', { name: 'Open' }))
    await user.click(screen.getByRole('button', { name: 'Share' }))
    expect(focused()).toBe('inner first')
    await user.tab({ shift: true })
    expect(focused()).toBe('inner last')
    await user.tab()
    expect(focused()).toBe('inner first')
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog', { name: 'inner' })).toBeNull()
    expect(onOuterClose).not.toHaveBeenCalled()
    expect(focused()).toBe('Share')
    await user.keyboard('{Escape}')
    expect(onOuterClose).toHaveBeenCalledTimes(1)
    expect(focused()).toBe('Open')
  })
})
