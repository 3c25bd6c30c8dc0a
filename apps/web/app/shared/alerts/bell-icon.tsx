/** A bell (an alert), outlined, or filled when the alert is on; decorative. */
export function BellIcon({
  filled = false,
  className = 'h-4 w-4',
}: {
  filled?: boolean
  className?: string
}) {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      className={className}
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M6 16.5V11a6 6 0 0 1 12 0v5.5l1.5 1.5h-15L6 16.5z" />
      <path d="M10 20.5a2 2 0 0 0 4 0" fill="none" />
    </svg>
  )
}
