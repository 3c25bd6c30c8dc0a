import type { ReactNode } from 'react'

/** A titled block of the checkout form (contact, address, delivery, payment, voucher). */
export function Section({
  title,
  action,
  children,
}: {
  title: string
  action?: ReactNode
  children: ReactNode
}) {
  return (
    <section aria-label={title} className="border-b border-neutral-200 py-5">
      <div className="mb-3 flex items-center justify-between gap-4">
        <h2 className="text-xs font-semibold uppercase tracking-[0.2em]">{title}</h2>
        {action}
      </div>
      {children}
    </section>
  )
}
