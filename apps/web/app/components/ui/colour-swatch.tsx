/**
 * A round colour swatch, decorative (the colour's name is always written beside it). `swatch` is a
 * CSS background: the contract's COLOUR_FAMILY_INFO swatch (issue 39; multi is a gradient).
 */
export function ColourSwatch({ swatch, className = 'size-5' }: { swatch: string; className?: string }) {
  return (
    <span
      aria-hidden="true"
      // White and cream need an edge on a white page; every swatch gets the same thin ring.
      className={`inline-block shrink-0 rounded-full ring-1 ring-neutral-300 ring-inset ${className}`}
      style={{ background: swatch }}
    />
  )
}
