/** A five-point star; filled when `on`. */
export function Star({ on, className = 'h-4 w-4' }: { on: boolean; className?: string }) {
  return (
    <svg
      viewBox="0 0 20 20"
      aria-hidden="true"
      className={`${className} ${on ? 'text-amber-500' : 'text-neutral-300'}`}
    >
      <path
        fill="currentColor"
        d="M10 1.5l2.6 5.4 5.9.8-4.3 4.1 1 5.8L10 14.8l-5.2 2.8 1-5.8L1.5 7.7l5.9-.8L10 1.5z"
      />
    </svg>
  )
}

/** A read-only row of five stars for a rating (rounded to the nearest whole star). */
export function StarRow({ rating, label, className }: { rating: number; label: string; className?: string }) {
  const whole = Math.round(rating)
  return (
    <span role="img" aria-label={label} className="inline-flex items-center gap-0.5">
      {[1, 2, 3, 4, 5].map((n) => (
        <Star key={n} on={n <= whole} className={className} />
      ))}
    </span>
  )
}
