import { useId, useRef, type ReactNode } from 'react'
import { CloseIcon } from './icons.tsx'
import { useModalFocus } from './modal-focus.ts'

export type OverlayPlacement = 'center' | 'left' | 'right' | 'top'

const panelClass: Record<OverlayPlacement, string> = {
  center:
    'relative m-auto w-[calc(100%-2rem)] max-w-md max-h-[calc(100dvh-2rem)] overflow-y-auto bg-white p-6 shadow-2xl animate-[fade-in_160ms_ease-out]',
  left: 'absolute inset-y-0 left-0 flex w-[86%] max-w-sm flex-col overflow-y-auto bg-white shadow-2xl animate-[slide-in-left_200ms_ease-out]',
  right:
    'absolute inset-y-0 right-0 flex w-[92%] max-w-md flex-col overflow-y-auto bg-white shadow-2xl animate-[slide-in-right_200ms_ease-out]',
  top: 'absolute inset-x-0 top-0 max-h-[100dvh] overflow-y-auto bg-white shadow-2xl animate-[slide-in-top_200ms_ease-out]',
}

export interface OverlayPanelProps {
  /** Accessible name of the dialog (visible heading when `showTitle`). */
  title: string
  showTitle?: boolean
  placement?: OverlayPlacement
  onClose: () => void
  closeLabel: string
  children: ReactNode
  className?: string
  /** Element to focus first (defaults to the close button). */
  initialFocusRef?: React.RefObject<HTMLElement | null>
}

/**
 * A modal surface: backdrop click, Escape and the close button close it; focus moves in on open,
 * stays inside on Tab and returns to the opener on close. Scroll locking is global (overlay store).
 */
export function OverlayPanel({
  title,
  showTitle = true,
  placement = 'center',
  onClose,
  closeLabel,
  children,
  className = '',
  initialFocusRef,
}: OverlayPanelProps) {
  const titleId = useId()
  const panelRef = useRef<HTMLDivElement>(null)
  const closeRef = useRef<HTMLButtonElement>(null)
  useModalFocus(panelRef, onClose, initialFocusRef ?? closeRef)

  return (
    <div className="fixed inset-0 z-50 flex">
      <div
        className="absolute inset-0 bg-neutral-950/40 animate-[fade-in_160ms_ease-out]"
        data-testid="overlay-backdrop"
        aria-hidden="true"
        onClick={onClose}
      />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className={`${panelClass[placement]} ${className}`}
      >
        <div
          className={`flex items-center justify-between gap-4 ${placement === 'center' ? 'mb-4' : 'border-b border-neutral-200 px-5 py-4'}`}
        >
          <h2
            id={titleId}
            className={showTitle ? 'text-xs font-semibold uppercase tracking-[0.2em]' : 'sr-only'}
          >
            {title}
          </h2>
          <button
            ref={closeRef}
            type="button"
            onClick={onClose}
            aria-label={closeLabel}
            className="icon-button -mr-2"
          >
            <CloseIcon />
          </button>
        </div>
        {children}
      </div>
    </div>
  )
}
