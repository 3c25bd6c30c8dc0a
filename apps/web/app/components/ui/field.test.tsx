import { describe, expect, it, vi } from 'vitest'
import { fireEvent, render, screen } from '@testing-library/react'
import { Button } from './button.tsx'
import { Field } from './field.tsx'

describe('ui parts', () => {
  it('Button is a plain button unless told, in the variant asked for', () => {
    render(
      <form>
        <Button>Close</Button>
        <Button type="submit" variant="outline" className="w-full">
          Send
        </Button>
      </form>,
    )
    const close = screen.getByRole('button', { name: 'Close' })
    expect(close.getAttribute('type')).toBe('button')
    expect(close.className).toBe('btn-primary')
    const send = screen.getByRole('button', { name: 'Send' })
    expect(send.getAttribute('type')).toBe('submit')
    expect(send.className).toBe('btn-outline w-full')
  })

  it('Field labels its input, reports each change and ties its error to the input', () => {
    const onValue = vi.fn()
    const { rerender } = render(<Field label="Email" value="" onValue={onValue} />)
    const input = screen.getByLabelText('Email')
    fireEvent.input(input, { target: { value: 'a@b.co' } })
    expect(onValue).toHaveBeenCalledWith('a@b.co')
    expect(input.getAttribute('aria-invalid')).toBeNull()

    rerender(<Field label="Email" value="a@" onValue={onValue} error="Use correct email format" />)
    expect(input.getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByRole('alert').textContent).toBe('Use correct email format')
    expect(input.getAttribute('aria-describedby')).toBe(screen.getByRole('alert').id)
  })

  it('Field shows a fixed prefix before the input (the +62 of phones)', () => {
    render(<Field label="Phone" value="" onValue={() => undefined} prefix="+62" />)
    expect(screen.getByText('+62')).toBeTruthy()
    expect(screen.getByLabelText('Phone').className).toContain('border-l-0')
  })
})
