import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Dialog } from './dialog.tsx'
import { Button, ErrorNote } from './ui.tsx'

/**
 * A button that asks first: it opens a dialog saying what will happen, and only its confirm button
 * runs `onConfirm` (a promise: the dialog stays open, showing the server's message, when it fails).
 */
export function ConfirmButton({
  label,
  title,
  children,
  confirm,
  onConfirm,
  onDone,
  look = 'danger',
  buttonLabel,
  disabled,
}: {
  /** The button's text. */
  label: string
  /** The dialog's title (its accessible name). */
  title: string
  /** What will happen, in words. */
  children: ReactNode
  /** The confirm button's text. */
  confirm: string
  onConfirm: () => Promise<unknown>
  /** After it worked and the dialog has closed: refresh what changed (the dialog never shows the new state). */
  onDone?: () => void
  look?: 'primary' | 'secondary' | 'danger'
  /** An accessible name for the button when its text alone is ambiguous in a table. */
  buttonLabel?: string
  disabled?: boolean
}) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<unknown>(null)
  const run = async () => {
    setBusy(true)
    setError(null)
    try {
      await onConfirm()
      setOpen(false)
      onDone?.()
    } catch (failure) {
      setError(failure)
    } finally {
      setBusy(false)
    }
  }
  return (
    <>
      <Button look={look} aria-label={buttonLabel} disabled={disabled} onClick={() => setOpen(true)}>
        {label}
      </Button>
      {open && (
        <Dialog title={title} onClose={() => setOpen(false)}>
          <div className="flex flex-col gap-3">
            <div className="text-sm">{children}</div>
            <ErrorNote error={error} />
            <div className="flex flex-wrap gap-2">
              <Button
                look={look === 'danger' ? 'danger' : 'primary'}
                disabled={busy}
                onClick={() => void run()}
              >
                {confirm}
              </Button>
              <Button look="secondary" onClick={() => setOpen(false)}>
                {t('common.cancel')}
              </Button>
            </div>
          </div>
        </Dialog>
      )}
    </>
  )
}
