/**
 * Tiny path helpers for the garment drawings. Garments are drawn on a 600 x 800 canvas and are
 * (nearly) symmetric about x = 300, so most outlines are written as their right half only.
 */

export const CX = 300

export type Pt = readonly [number, number]
export type Seg = readonly ['L', Pt] | readonly ['Q', Pt, Pt] | readonly ['C', Pt, Pt, Pt]

const n = (v: number) => String(Math.round(v * 10) / 10)
const pt = ([x, y]: Pt) => `${n(x)} ${n(y)}`
const mirrorPt = ([x, y]: Pt): Pt => [2 * CX - x, y]

function segText(seg: Seg): string {
  if (seg[0] === 'L') return `L${pt(seg[1])}`
  if (seg[0] === 'Q') return `Q${pt(seg[1])} ${pt(seg[2])}`
  return `C${pt(seg[1])} ${pt(seg[2])} ${pt(seg[3])}`
}

const endOf = (seg: Seg): Pt => seg[seg.length - 1] as Pt

/**
 * A closed outline from its right half: `start` and the last segment's end lie on the centre line;
 * the left half is the right one mirrored and walked backwards.
 */
export function symmetric(start: Pt, right: readonly Seg[]): string {
  const points: Pt[] = [start]
  for (const seg of right) points.push(endOf(seg))
  const back: string[] = []
  for (let i = right.length - 1; i >= 0; i--) {
    const seg = right[i]!
    const to = mirrorPt(points[i]!)
    if (seg[0] === 'L') back.push(segText(['L', to]))
    else if (seg[0] === 'Q') back.push(segText(['Q', mirrorPt(seg[1]), to]))
    else back.push(segText(['C', mirrorPt(seg[2]), mirrorPt(seg[1]), to]))
  }
  return `M${pt(start)}${right.map(segText).join('')}${back.join('')}Z`
}

/** An open path from a start point and segments. */
export function open(start: Pt, segs: readonly Seg[]): string {
  return `M${pt(start)}${segs.map(segText).join('')}`
}

/** A closed polygon. */
export function poly(points: readonly Pt[]): string {
  return `M${points.map(pt).join('L')}Z`
}

/** The element plus its mirror image about the centre line. */
export function both(element: string): string {
  return `${element}<g transform="matrix(-1 0 0 1 ${2 * CX} 0)">${element}</g>`
}

/** Moves `p` towards `q` by `d` units. */
export function toward(p: Pt, q: Pt, d: number): Pt {
  const dx = q[0] - p[0]
  const dy = q[1] - p[1]
  const len = Math.hypot(dx, dy) || 1
  return [p[0] + (dx / len) * d, p[1] + (dy / len) * d]
}

export const mid = (a: Pt, b: Pt): Pt => [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2]

/** `<path>` with attributes; numbers in `d` are already rounded by the builders. */
export function path(d: string, attrs: string): string {
  return `<path d="${d}" ${attrs}/>`
}

export { n as num }
