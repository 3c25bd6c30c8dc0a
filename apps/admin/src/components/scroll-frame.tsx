import { useEffect, useRef, useState, type ReactNode } from 'react'

/**
 * A frame a wide table scrolls sideways in (the page itself never does). While its content is
 * wider than the frame, the frame takes keyboard focus and carries the table's name, so someone
 * without a pointer can scroll it with the arrow keys (issue 29: axe's scrollable-region-focusable,
 * WCAG 2.1.1); when everything fits it stays out of the tab order. It is positioned, so a
 * visually hidden header (absolute) stays inside it instead of widening the page.
 */
export function ScrollFrame({
  label,
  className = '',
  children,
}: {
  label: string
  className?: string
  children: ReactNode
}) {
  const ref = useRef<HTMLDivElement>(null)
  const [overflows, setOverflows] = useState(false)
  useEffect(() => {
    const frame = ref.current
    if (!frame || typeof ResizeObserver === 'undefined') return
    const measure = () => setOverflows(frame.scrollWidth > frame.clientWidth)
    const observer = new ResizeObserver(measure)
    observer.observe(frame)
    for (const child of Array.from(frame.children)) observer.observe(child)
    measure()
    return () => observer.disconnect()
  }, [])
  return (
    <div
      ref={ref}
      {...(overflows && { tabIndex: 0, role: 'group', 'aria-label': label })}
      className={`relative overflow-x-auto focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900 ${className}`}
    >
      {children}
    </div>
  )
}
