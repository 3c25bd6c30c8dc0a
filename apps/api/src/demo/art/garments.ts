import { both, CX, mid, open, path, poly, symmetric, toward, type Pt, type Seg } from './geometry.ts'
import type { Paint } from './palette.ts'

/**
 * Garment silhouettes as flat-lay studio drawings on a 600 x 800 canvas. Each drawing is an outline
 * (filled with the cloth, its pattern and shading by the caller) plus details drawn on top:
 * seams, stitching, buttons, pockets, ribbing and soft folds. Only `front` and `back` exist here;
 * the close-up view is the front drawing magnified around `focus`.
 */
export interface Drawing {
  outline: string
  /** Drawn before the body: the inside of a hood, a bag's back handle. */
  under: string
  details: string
  /** Point the close-up view magnifies. */
  focus: Pt
  /** Lowest y of the drawing, where the floor shadow sits. */
  bottom: number
  /** Half width of the floor shadow. */
  spread: number
  /** Drawn scaled about the canvas centre (children's sizes are smaller); 1 when absent. */
  scale?: number
}

export type Side = 'front' | 'back'

interface Styles {
  seam: string
  stitch: string
  fold: string
  rib: string
  fill: string
}

function styles(p: Paint): Styles {
  return {
    seam: `fill="none" stroke="${p.shade}" stroke-opacity=".6" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"`,
    stitch: `fill="none" stroke="${p.stitch}" stroke-opacity=".75" stroke-width="1.6" stroke-dasharray="5 4" stroke-linecap="round"`,
    fold: `fill="none" stroke="${p.shade}" stroke-opacity=".22" stroke-width="7" stroke-linecap="round" filter="url(#soft)"`,
    rib: `fill="none" stroke="${p.shade}" stroke-opacity=".35" stroke-width="1.4"`,
    fill: `fill="${p.fill}" stroke="${p.shade}" stroke-opacity=".6" stroke-width="2" stroke-linejoin="round"`,
  }
}

const button = (x: number, y: number, p: Paint, r = 5.5) =>
  `<circle cx="${x}" cy="${y}" r="${r}" fill="${p.light}" stroke="${p.shade}" stroke-width="1.5"/>` +
  `<circle cx="${x - r / 3}" cy="${y}" r=".9" fill="${p.shade}"/><circle cx="${x + r / 3}" cy="${y}" r=".9" fill="${p.shade}"/>`

/** Vertical rib lines across a band between two y values. */
function ribBand(x1: number, x2: number, y1: number, y2: number, s: Styles, step = 9): string {
  let d = ''
  for (let x = x1 + step / 2; x < x2; x += step) d += `M${Math.round(x)} ${y1}V${y2}`
  return `<path d="${d}" ${s.rib}/>`
}

type Neck = 'crew' | 'v' | 'collar' | 'camp' | 'hood' | 'polo' | 'stand'

interface TopOptions {
  /** Half width of the body. */
  hw: number
  hem: number
  sleeve: 'short' | 'long' | 'none'
  neck: Neck
  front?: 'buttons' | 'zip' | 'placket'
  pocket?: 'chest' | 'kangaroo' | 'flaps'
  rib?: boolean
  curvedHem?: boolean
}

/** Tees, shirts, polos, sweaters, hoodies and jackets share one parametric body. */
function top(o: TopOptions, side: Side, p: Paint): Drawing {
  const s = styles(p)
  const nw = 58
  const N: Pt = [CX + nw, 134]
  const S: Pt = [CX + o.hw + 12, 160]
  const dipFront = { crew: 164, v: 232, collar: 150, camp: 150, hood: 168, polo: 158, stand: 142 }[o.neck]
  const dip = side === 'front' ? dipFront : o.neck === 'stand' || o.neck === 'collar' ? 140 : 146
  const segs: Seg[] = [
    ['C', [CX + nw * 0.55, dip], [CX + nw * 0.92, dip - (dip - 134) * 0.45], N],
    ['Q', [CX + nw + 30, 140], S],
  ]
  let E1: Pt
  let E2: Pt
  let U: Pt
  if (o.sleeve === 'short') {
    E1 = [S[0] + 80, S[1] + 98]
    E2 = [S[0] + 34, S[1] + 140]
    U = [CX + o.hw, S[1] + 116]
    segs.push(
      ['C', [S[0] + 32, S[1] + 12], [S[0] + 62, S[1] + 52], E1],
      ['L', E2],
      ['Q', [U[0] + 14, U[1] + 4], U],
    )
  } else if (o.sleeve === 'long') {
    E1 = [S[0] + 66, 590]
    E2 = [S[0] + 14, 604]
    U = [CX + o.hw, S[1] + 132]
    segs.push(
      ['C', [S[0] + 36, S[1] + 30], [S[0] + 56, 380], E1],
      ['L', E2],
      ['C', [S[0] + 8, 480], [U[0] + 6, 380], U],
    )
  } else {
    E1 = [CX + o.hw - 10, 150]
    E2 = E1
    U = [CX + o.hw, 292]
    segs.pop()
    segs.push(['Q', [CX + nw + 12, 138], E1], ['C', [E1[0] - 14, 210], [U[0] - 20, 270], U])
  }
  const hemSide: Pt = [CX + o.hw + 8, o.curvedHem ? o.hem - 26 : o.hem]
  segs.push(['C', [U[0] + 4, 400], [hemSide[0], 520], hemSide])
  if (o.curvedHem) segs.push(['C', [hemSide[0] - 4, o.hem + 8], [CX + 60, o.hem + 30], [CX, o.hem + 30]])
  else segs.push(['C', [hemSide[0] - 50, o.hem + 8], [CX + 60, o.hem + 10], [CX, o.hem + 10]])
  const outline = symmetric([CX, dip], segs)

  const parts: string[] = []
  let under = ''
  // Armhole seam and sleeve finish.
  if (o.sleeve !== 'none')
    parts.push(both(path(open(S, [['C', [S[0] - 8, S[1] + 40], [U[0] - 4, U[1] - 40], U]]), s.seam)))
  if (o.sleeve === 'short') {
    const back = toward(mid(E1, E2), S, 12)
    const dx = back[0] - mid(E1, E2)[0]
    const dy = back[1] - mid(E1, E2)[1]
    parts.push(both(path(open([E1[0] + dx, E1[1] + dy], [['L', [E2[0] + dx, E2[1] + dy]]]), s.stitch)))
  }
  if (o.sleeve === 'long') {
    const cuff = 40
    const a = toward(E1, S, cuff)
    const b: Pt = [E2[0] + (a[0] - E1[0]), E2[1] + (a[1] - E1[1])]
    parts.push(both(path(poly([E1, E2, b, a]), `fill="${p.shade}" fill-opacity=".18"`)))
    parts.push(both(path(open(a, [['L', b]]), s.seam)))
    if (o.rib) {
      const ribs: string[] = []
      for (let t = 0.1; t < 1; t += 0.15) {
        const top: Pt = [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t]
        ribs.push(
          `M${top[0].toFixed(1)} ${top[1].toFixed(1)}l${(E1[0] - a[0]).toFixed(1)} ${(E1[1] - a[1]).toFixed(1)}`,
        )
      }
      parts.push(both(`<path d="${ribs.join('')}" ${s.rib}/>`))
    } else if (o.front === 'buttons') {
      parts.push(both(button((a[0] + E1[0]) / 2 - 6, (a[1] + E1[1]) / 2 + 2, p, 4.5)))
    }
  }
  // Hem: a rib band or a top-stitched hem.
  if (o.rib) {
    const y = o.hem - 34
    parts.push(
      path(
        open([CX - o.hw - 5, y], [['C', [CX - 60, y + 10], [CX + 60, y + 10], [CX + o.hw + 5, y]]]),
        s.seam,
      ),
    )
    parts.push(ribBand(CX - o.hw, CX + o.hw, y + 8, o.hem + 4, s))
  } else {
    const y = o.hem - 4
    const hemStitch = o.curvedHem
      ? `M${CX - o.hw + 4} ${o.hem - 34}C${CX - o.hw + 4} ${o.hem - 6} ${CX - 60} ${o.hem + 18} ${CX} ${o.hem + 18}C${CX + 60} ${o.hem + 18} ${CX + o.hw - 4} ${o.hem - 6} ${CX + o.hw - 4} ${o.hem - 34}`
      : open([CX - o.hw + 4, y - 10], [['C', [CX - 60, y + 4], [CX + 60, y + 4], [CX + o.hw - 4, y - 10]]])
    parts.push(path(hemStitch, s.stitch))
  }
  // Soft folds give the cloth some weight.
  parts.push(
    path(open([CX - 60, 330], [['C', [CX - 44, 420], [CX - 58, 500], [CX - 46, o.hem - 40]]]), s.fold),
  )
  parts.push(
    path(open([CX + 70, 360], [['C', [CX + 56, 440], [CX + 66, 520], [CX + 80, o.hem - 30]]]), s.fold),
  )

  if (side === 'front') {
    // Necklines.
    if (o.neck === 'crew' || o.neck === 'v' || o.neck === 'hood') {
      const neck = open(
        [CX - nw, 134],
        [
          ['C', [CX - nw * 0.92, dip - (dip - 134) * 0.45], [CX - nw * 0.55, dip], [CX, dip]],
          ['C', [CX + nw * 0.55, dip], [CX + nw * 0.92, dip - (dip - 134) * 0.45], N],
        ],
      )
      if (o.neck === 'hood') {
        under = path(
          `M${CX - nw - 16} 150C${CX - nw - 30} 60 ${CX + nw + 30} 60 ${CX + nw + 16} 150Z`,
          `fill="${p.shade}" fill-opacity=".9"`,
        )
        parts.push(
          path(
            `M${CX - nw - 4} 136C${CX - 40} 190 ${CX - 12} 200 ${CX} 206C${CX + 12} 200 ${CX + 40} 190 ${CX + nw + 4} 136`,
            `fill="none" stroke="${p.shade}" stroke-width="10" stroke-opacity=".35"`,
          ),
        )
        parts.push(
          path(
            `M${CX - 18} 196L${CX - 24} 300M${CX + 18} 196L${CX + 22} 292`,
            `fill="none" stroke="${p.light}" stroke-width="4" stroke-linecap="round"`,
          ),
        )
        parts.push(
          `<rect x="${CX - 28}" y="298" width="8" height="16" rx="2" fill="${p.shade}"/><rect x="${CX + 18}" y="290" width="8" height="16" rx="2" fill="${p.shade}"/>`,
        )
      } else {
        parts.push(path(neck, `fill="none" stroke="${p.shade}" stroke-opacity=".4" stroke-width="12"`))
        parts.push(
          path(
            neck.replace(/(\d+(\.\d+)?) (\d+(\.\d+)?)/g, (_m, x, _a, y) => `${x} ${Number(y) + 9}`),
            s.stitch,
          ),
        )
      }
    }
    if (o.neck === 'collar' || o.neck === 'polo') {
      // Collar band behind the neck, then the two collar points.
      parts.push(
        path(
          `M${CX - nw} 136C${CX - 30} 116 ${CX + 30} 116 ${CX + nw} 136L${CX} 172Z`,
          `fill="${p.shade}" fill-opacity=".6"`,
        ),
      )
      const point =
        o.neck === 'polo'
          ? poly([
              [CX + 2, 166],
              [CX + nw + 2, 128],
              [CX + nw + 18, 152],
              [CX + 40, 206],
            ])
          : poly([
              [CX + 2, 170],
              [CX + nw + 2, 128],
              [CX + nw + 16, 150],
              [CX + 36, 218],
            ])
      parts.push(both(path(point, s.fill)))
      parts.push(both(path(open([CX + 10, 176], [['L', [CX + nw + 4, 140]]]), s.stitch)))
    }
    if (o.neck === 'camp') {
      parts.push(
        path(
          poly([
            [CX, 262],
            [CX - nw + 2, 136],
            [CX + nw - 2, 136],
          ]),
          `fill="${p.shade}" fill-opacity=".55"`,
        ),
      )
      parts.push(
        both(
          path(
            poly([
              [CX + 1, 264],
              [CX + nw, 132],
              [CX + nw + 34, 146],
              [CX + 40, 238],
            ]),
            s.fill,
          ),
        ),
      )
    }
    if (o.neck === 'stand') {
      parts.push(
        path(
          `M${CX - nw - 2} 138C${CX - nw} 110 ${CX + nw} 110 ${CX + nw + 2} 138L${CX + nw + 4} 158C${CX + 30} 146 ${CX - 30} 146 ${CX - nw - 4} 158Z`,
          s.fill,
        ),
      )
    }
    // Fronts.
    if (o.front === 'buttons') {
      const y0 = o.neck === 'camp' ? 262 : 172
      const y1 = o.hem + (o.curvedHem ? 26 : 6)
      parts.push(path(`M${CX - 9} ${y0}V${y1}M${CX + 9} ${y0}V${y1}`, s.seam))
      for (let y = y0 + 26; y < o.hem; y += 66) parts.push(button(CX, y, p))
    }
    if (o.front === 'placket') {
      parts.push(path(`M${CX - 10} 164V254H${CX + 10}V164`, s.seam))
      parts.push(button(CX, 188, p, 4.5) + button(CX, 226, p, 4.5))
    }
    if (o.front === 'zip') {
      const y0 = o.neck === 'stand' ? 114 : dip
      parts.push(
        path(`M${CX} ${y0 + 4}V${o.hem + 8}`, `stroke="#b8b1a6" stroke-width="6" stroke-dasharray="2 2"`),
      )
      parts.push(
        path(`M${CX} ${y0 + 4}V${o.hem + 8}`, `stroke="${p.shade}" stroke-width="1.2" stroke-opacity=".7"`),
      )
      parts.push(`<rect x="${CX - 4}" y="${y0 + 20}" width="8" height="22" rx="3" fill="#9d968b"/>`)
    }
    // Pockets.
    if (o.pocket === 'chest') {
      parts.push(
        path(
          poly([
            [CX + 36, 246],
            [CX + 92, 246],
            [CX + 92, 300],
            [CX + 64, 314],
            [CX + 36, 300],
          ]),
          s.seam,
        ),
      )
      parts.push(path(`M${CX + 36} 256H${CX + 92}`, s.stitch))
    }
    if (o.pocket === 'kangaroo') {
      parts.push(
        path(
          `M${CX - 86} ${o.hem - 170}H${CX + 86}C${CX + 96} ${o.hem - 120} ${CX + 110} ${o.hem - 80} ${CX + 124} ${o.hem - 54}H${CX - 124}C${CX - 110} ${o.hem - 80} ${CX - 96} ${o.hem - 120} ${CX - 86} ${o.hem - 170}Z`,
          `fill="${p.shade}" fill-opacity=".08" ${s.seam.replace('fill="none" ', '')}`,
        ),
      )
      parts.push(path(`M${CX - 80} ${o.hem - 162}H${CX + 80}`, s.stitch))
    }
    if (o.pocket === 'flaps') {
      parts.push(
        both(
          path(
            poly([
              [CX + 40, o.hem - 170],
              [CX + 112, o.hem - 170],
              [CX + 112, o.hem - 140],
              [CX + 40, o.hem - 140],
            ]),
            s.fill,
          ),
        ),
      )
      parts.push(both(path(`M${CX + 40} ${o.hem - 170}V${o.hem - 80}H${CX + 112}V${o.hem - 140}`, s.seam)))
      parts.push(both(button(CX + 76, o.hem - 152, p, 4)))
      parts.push(
        both(
          path(
            poly([
              [CX + 40, 236],
              [CX + 96, 236],
              [CX + 96, 256],
              [CX + 40, 256],
            ]),
            s.seam,
          ),
        ),
      )
    }
  } else {
    // Back: a yoke on shirts and jackets, a hood lying flat on hoodies, and the woven label.
    if (o.neck === 'collar' || o.neck === 'camp' || o.neck === 'stand' || o.neck === 'polo') {
      parts.push(
        path(
          `M${CX - nw - 4} 122C${CX - 30} 110 ${CX + 30} 110 ${CX + nw + 4} 122L${CX + nw + 2} 142C${CX + 30} 134 ${CX - 30} 134 ${CX - nw - 2} 142Z`,
          s.fill,
        ),
      )
    }
    if (o.front === 'buttons' || o.front === 'zip') {
      parts.push(path(`M${CX - o.hw - 8} 216C${CX - 80} 226 ${CX + 80} 226 ${CX + o.hw + 8} 216`, s.seam))
      parts.push(path(`M${CX - o.hw - 8} 224C${CX - 80} 234 ${CX + 80} 234 ${CX + o.hw + 8} 224`, s.stitch))
    }
    if (o.neck === 'hood') {
      parts.push(
        path(
          `M${CX - 82} 150C${CX - 100} 50 ${CX + 100} 50 ${CX + 82} 150C${CX + 70} 230 ${CX + 30} 262 ${CX} 266C${CX - 30} 262 ${CX - 70} 230 ${CX - 82} 150Z`,
          s.fill,
        ),
      )
      parts.push(path(`M${CX} 74V264`, s.seam))
    } else {
      parts.push(
        `<rect x="${CX - 16}" y="${dip + 6}" width="32" height="14" rx="1.5" fill="#efe9de" stroke="${p.shade}" stroke-opacity=".4"/>`,
      )
      parts.push(
        path(
          `M${CX - 9} ${dip + 12}H${CX + 9}M${CX - 6} ${dip + 16}H${CX + 6}`,
          `stroke="#8a7f70" stroke-width="1.2"`,
        ),
      )
    }
  }
  return {
    outline,
    under,
    details: parts.join(''),
    focus: o.pocket === 'kangaroo' ? [CX, o.hem - 130] : [CX + 30, 230],
    bottom: o.hem + 30,
    spread: o.hw + 80,
  }
}

interface BottomOptions {
  /** Half width at the waist. */
  ww: number
  hem: number
  /** How far the hem flares beyond the waist. */
  flare: number
  jeans?: boolean
}

/** Trousers, jeans, culottes and shorts. */
function trousers(o: BottomOptions, side: Side, p: Paint): Drawing {
  const s = styles(p)
  const crotch = o.hem > 500 ? 330 : 300
  const outline = symmetric(
    [CX, 146],
    [
      ['L', [CX + o.ww, 146]],
      ['L', [CX + o.ww + 2, 178]],
      ['C', [CX + o.ww + 12, 300], [CX + o.ww + o.flare * 0.7, 460], [CX + o.ww + o.flare, o.hem]],
      ['L', [CX + 16, o.hem]],
      ['C', [CX + 14, 480], [CX + 4, 380], [CX, crotch]],
    ],
  )
  const stitch = o.jeans
    ? s.stitch.replace(/stroke="[^"]+"/, 'stroke="#c98a4b"').replace('.75', '.95')
    : s.stitch
  const parts: string[] = []
  parts.push(
    path(`M${CX - o.ww - 1} 178H${CX + o.ww + 1}`, s.seam),
    path(`M${CX - o.ww + 4} 170H${CX + o.ww - 4}`, stitch),
  )
  for (const x of [-o.ww + 16, -36, 36, o.ww - 16]) {
    parts.push(
      `<rect x="${CX + x - 4}" y="142" width="8" height="40" rx="2" fill="${p.fill}" stroke="${p.shade}" stroke-opacity=".6" stroke-width="1.5"/>`,
    )
  }
  const hemY = o.hem - 14
  parts.push(both(path(`M${CX + 20} ${hemY}L${CX + o.ww + o.flare - 2} ${hemY}`, stitch)))
  parts.push(
    both(
      path(
        `M${CX + o.ww / 2 + 8} 200L${CX + o.ww / 2 + 10 + o.flare / 2} ${o.hem - 30}`,
        `fill="none" stroke="${p.shade}" stroke-opacity=".25" stroke-width="1.6"`,
      ),
    ),
  )
  parts.push(
    both(
      path(
        `M${CX + o.ww / 2 + 26} 240C${CX + o.ww / 2 + 30} 330 ${CX + o.ww / 2 + 40} 420 ${CX + o.ww / 2 + 36 + o.flare / 2} ${o.hem - 60}`,
        s.fold,
      ),
    ),
  )
  if (side === 'front') {
    parts.push(button(CX, 160, p, 6))
    parts.push(path(`M${CX} 180V${crotch - 20}`, s.seam))
    parts.push(
      path(
        `M${CX - 20} 182V${crotch - 50}C${CX - 20} ${crotch - 30} ${CX - 8} ${crotch - 24} ${CX} ${crotch - 20}`,
        stitch,
      ),
    )
    parts.push(
      both(
        path(
          `M${CX + o.ww - 58} 180C${CX + o.ww - 44} 224 ${CX + o.ww - 16} 240 ${CX + o.ww + 5} 246`,
          s.seam,
        ),
      ),
    )
    parts.push(
      both(
        path(
          `M${CX + o.ww - 50} 180C${CX + o.ww - 38} 216 ${CX + o.ww - 14} 232 ${CX + o.ww + 5} 236`,
          stitch,
        ),
      ),
    )
    if (o.jeans)
      parts.push(
        path(
          poly([
            [CX + o.ww - 52, 188],
            [CX + o.ww - 24, 188],
            [CX + o.ww - 24, 214],
            [CX + o.ww - 52, 214],
          ]),
          stitch,
        ),
      )
  } else {
    parts.push(path(`M${CX} 180V${crotch - 10}`, s.seam))
    parts.push(path(`M${CX - o.ww - 2} 228L${CX} 246L${CX + o.ww + 2} 228`, s.seam))
    parts.push(
      both(
        path(
          poly([
            [CX + 24, 262],
            [CX + o.ww - 10, 262],
            [CX + o.ww - 12, 330],
            [CX + o.ww / 2 + 6, 346],
            [CX + 26, 330],
          ]),
          s.seam,
        ),
      ),
    )
    parts.push(both(path(`M${CX + 30} 272H${CX + o.ww - 14}`, stitch)))
    if (o.jeans)
      parts.push(
        `<rect x="${CX + 40}" y="150" width="46" height="22" rx="2" fill="#9b6b47" stroke="#6e4a30"/>`,
      )
  }
  return {
    outline,
    under: '',
    details: parts.join(''),
    focus: [CX + o.ww - 30, 220],
    bottom: o.hem,
    spread: o.ww + o.flare + 60,
  }
}

/** A-line and pleated skirts. */
function skirt(
  o: { hem: number; flare: number; pleats?: boolean; jeans?: boolean },
  side: Side,
  p: Paint,
): Drawing {
  const s = styles(p)
  const outline = symmetric(
    [CX, 172],
    [
      ['L', [CX + 86, 172]],
      ['L', [CX + 88, 200]],
      ['C', [CX + 100, 300], [CX + 86 + o.flare * 0.7, 440], [CX + 86 + o.flare, o.hem]],
      ['C', [CX + 86 + o.flare - 50, o.hem + 12], [CX + 60, o.hem + 14], [CX, o.hem + 14]],
    ],
  )
  const stitch = o.jeans ? s.stitch.replace(/stroke="[^"]+"/, 'stroke="#c98a4b"') : s.stitch
  const parts: string[] = [
    path(`M${CX - 88} 200H${CX + 88}`, s.seam),
    path(`M${CX - 84} 190H${CX + 84}`, stitch),
  ]
  if (o.pleats) {
    let d = ''
    for (let i = -5; i <= 5; i++) d += `M${CX + i * 15} 202L${CX + i * (15 + o.flare / 7)} ${o.hem + 8}`
    parts.push(`<path d="${d}" fill="none" stroke="${p.shade}" stroke-opacity=".35" stroke-width="2"/>`)
  } else {
    parts.push(both(path(`M${CX + 40} 230C${CX + 50} 330 ${CX + 70} 420 ${CX + 80} ${o.hem - 20}`, s.fold)))
    parts.push(path(`M${CX - 30} 260C${CX - 36} 340 ${CX - 50} 420 ${CX - 60} ${o.hem - 20}`, s.fold))
  }
  parts.push(
    path(
      `M${CX - 86 - o.flare + 10} ${o.hem - 8}C${CX - 60} ${o.hem + 6} ${CX + 60} ${o.hem + 6} ${CX + 86 + o.flare - 10} ${o.hem - 8}`,
      stitch,
    ),
  )
  if (side === 'front') {
    parts.push(button(CX, 186, p, 5))
    if (o.jeans) {
      parts.push(path(`M${CX} 200V${o.hem + 12}`, s.seam))
      parts.push(both(path(`M${CX + 40} 202C${CX + 52} 236 ${CX + 76} 248 ${CX + 96} 252`, s.seam)))
    }
  } else {
    parts.push(path(`M${CX} 172V${Math.min(o.hem, 330)}`, s.seam))
    parts.push(`<rect x="${CX - 16}" y="205" width="32" height="12" rx="1.5" fill="#efe9de"/>`)
  }
  return {
    outline,
    under: '',
    details: parts.join(''),
    focus: [CX + 40, 220],
    bottom: o.hem + 14,
    spread: 86 + o.flare + 50,
  }
}

/** A fitted bodice, a waist seam and a flared skirt. */
function dress(
  o: { sleeve: 'cap' | 'none' | 'wide'; hem: number; belt?: boolean },
  side: Side,
  p: Paint,
): Drawing {
  const s = styles(p)
  const dip = side === 'front' ? 196 : 150
  const segs: Seg[] = [['C', [CX + 26, dip], [CX + 46, 160], [CX + 52, 132]]]
  if (o.sleeve === 'cap')
    segs.push(
      ['L', [CX + 88, 142]],
      ['C', [CX + 110, 160], [CX + 124, 190], [CX + 130, 214]],
      ['L', [CX + 94, 230]],
    )
  else if (o.sleeve === 'wide')
    segs.push(
      ['L', [CX + 94, 142]],
      ['C', [CX + 140, 170], [CX + 190, 250], [CX + 214, 330]],
      ['L', [CX + 120, 360]],
      ['L', [CX + 88, 300]],
    )
  else segs.push(['L', [CX + 72, 134]], ['C', [CX + 70, 180], [CX + 80, 210], [CX + 94, 232]])
  segs.push(
    ['C', [CX + 86, 270], [CX + 70, 300], [CX + 70, 338]],
    ['C', [CX + 110, 450], [CX + 160, 580], [CX + 176, o.hem]],
    ['C', [CX + 120, o.hem + 14], [CX + 60, o.hem + 16], [CX, o.hem + 16]],
  )
  const outline = symmetric([CX, dip], segs)
  const parts: string[] = [path(`M${CX - 70} 338C${CX - 30} 346 ${CX + 30} 346 ${CX + 70} 338`, s.seam)]
  let d = ''
  for (const i of [-3, -1.6, -0.5, 0.6, 1.7, 3])
    d += `M${CX + i * 16} 348C${CX + i * 20} 450 ${CX + i * 34} 560 ${CX + i * 48} ${o.hem}`
  parts.push(`<path d="${d}" ${s.fold}/>`)
  parts.push(
    path(
      `M${CX - 166} ${o.hem - 6}C${CX - 80} ${o.hem + 10} ${CX + 80} ${o.hem + 10} ${CX + 166} ${o.hem - 6}`,
      s.stitch,
    ),
  )
  if (side === 'front') {
    parts.push(
      path(
        `M${CX - 52} 136C${CX - 46} 164 ${CX - 26} ${dip + 6} ${CX} ${dip + 8}C${CX + 26} ${dip + 6} ${CX + 46} 164 ${CX + 52} 136`,
        s.stitch,
      ),
    )
    parts.push(both(path(`M${CX + 34} 240C${CX + 40} 280 ${CX + 36} 310 ${CX + 30} 336`, s.seam)))
    if (o.belt) {
      parts.push(
        path(
          `M${CX - 72} 330C${CX - 30} 340 ${CX + 30} 340 ${CX + 72} 330V350C${CX + 30} 360 ${CX - 30} 360 ${CX - 72} 350Z`,
          s.fill,
        ),
      )
      parts.push(
        path(
          `M${CX + 6} 342C${CX + 40} 320 ${CX + 50} 360 ${CX + 6} 344C${CX - 30} 326 ${CX - 40} 366 ${CX + 6} 344L${CX + 30} 430M${CX + 4} 346L${CX - 14} 424`,
          `fill="${p.fill}" stroke="${p.shade}" stroke-opacity=".7" stroke-width="2"`,
        ),
      )
    }
  } else {
    parts.push(path(`M${CX} ${dip}V338`, `stroke="#b8b1a6" stroke-width="3"`))
    parts.push(`<rect x="${CX - 14}" y="${dip + 8}" width="28" height="12" rx="1.5" fill="#efe9de"/>`)
  }
  return {
    outline,
    under: '',
    details: parts.join(''),
    focus: [CX + 20, 250],
    bottom: o.hem + 16,
    spread: 230,
  }
}

/** A tote or a crossbody bag. */
function bag(kind: 'tote' | 'crossbody', side: Side, p: Paint): Drawing {
  const s = styles(p)
  const leather = '#8c5f3f'
  if (kind === 'tote') {
    const outline = symmetric(
      [CX, 300],
      [
        ['L', [CX + 124, 300]],
        ['C', [CX + 128, 420], [CX + 138, 560], [CX + 142, 630]],
        ['Q', [CX + 142, 660], [CX + 112, 660]],
        ['L', [CX, 660]],
      ],
    )
    const handle = (dx: number) =>
      `<path d="M${CX - 64 + dx} 306C${CX - 70 + dx} 150 ${CX + 70 + dx} 150 ${CX + 64 + dx} 306" fill="none" stroke="${p.shade}" stroke-width="16" stroke-linecap="round"/>`
    const parts = [
      path(`M${CX - 124} 336H${CX + 124}`, s.seam),
      path(`M${CX - 122} 326H${CX + 122}`, s.stitch),
      handle(0).replace(p.shade, p.fill) +
        path(`M${CX - 64} 306C${CX - 70} 150 ${CX + 70} 150 ${CX + 64} 306`, s.stitch.replace('1.6', '1.2')),
      `<rect x="${CX - 76}" y="306" width="24" height="40" fill="${p.fill}" stroke="${p.shade}" stroke-opacity=".6"/><rect x="${CX + 52}" y="306" width="24" height="40" fill="${p.fill}" stroke="${p.shade}" stroke-opacity=".6"/>`,
      path(
        `M${CX - 72} 312L${CX - 56} 340M${CX - 56} 312L${CX - 72} 340M${CX + 56} 312L${CX + 72} 340M${CX + 72} 312L${CX + 56} 340`,
        `stroke="${p.stitch}" stroke-width="1.2"`,
      ),
      path(`M${CX - 110} 420C${CX - 108} 500 ${CX - 100} 580 ${CX - 96} 640`, s.fold),
    ]
    if (side === 'front')
      parts.push(
        `<rect x="${CX - 30}" y="390" width="60" height="30" rx="3" fill="${leather}"/><path d="M${CX - 24} 396H${CX + 24}M${CX - 24} 414H${CX + 24}" stroke="#d9b48c" stroke-width="1" stroke-dasharray="3 2"/>`,
      )
    return { outline, under: handle(10), details: parts.join(''), focus: [CX, 360], bottom: 660, spread: 200 }
  }
  const outline = symmetric(
    [CX, 370],
    [
      ['L', [CX + 96, 370]],
      ['Q', [CX + 120, 370], [CX + 120, 394]],
      ['L', [CX + 120, 540]],
      ['Q', [CX + 120, 566], [CX + 94, 566]],
      ['L', [CX, 566]],
    ],
  )
  const strap = `<path d="M${CX - 110} 390C${CX - 160} 200 ${CX - 40} 110 ${CX} 110C${CX + 40} 110 ${CX + 160} 200 ${CX + 110} 390" fill="none" stroke="${leather}" stroke-width="9"/>`
  const parts = [path(`M${CX - 96} 548H${CX + 96}`, s.stitch)]
  if (side === 'front') {
    parts.push(
      path(
        `M${CX - 120} 394Q${CX - 120} 370 ${CX - 96} 370H${CX + 96}Q${CX + 120} 370 ${CX + 120} 394V460Q${CX} 492 ${CX - 120} 460Z`,
        s.fill,
      ),
    )
    parts.push(path(`M${CX - 112} 452Q${CX} 482 ${CX + 112} 452`, s.stitch))
    parts.push(`<rect x="${CX - 10}" y="462" width="20" height="26" rx="4" fill="#c8b48a" stroke="#8e7b55"/>`)
  } else
    parts.push(path(`M${CX - 80} 420H${CX + 80}`, `stroke="#b8b1a6" stroke-width="4" stroke-dasharray="2 2"`))
  return { outline, under: strap, details: parts.join(''), focus: [CX, 460], bottom: 566, spread: 170 }
}

/** A baseball cap or a bucket hat. */
function hat(kind: 'cap' | 'bucket', side: Side, p: Paint): Drawing {
  const s = styles(p)
  if (kind === 'bucket') {
    const outline = `M${CX - 92} 300C${CX - 90} 256 ${CX + 90} 256 ${CX + 92} 300L${CX + 108} 440C${CX + 150} 446 ${CX + 170} 456 ${CX + 168} 474C${CX + 150} 508 ${CX - 150} 508 ${CX - 168} 474C${CX - 170} 456 ${CX - 150} 446 ${CX - 108} 440Z`
    let rings = ''
    for (const dy of [0, 10, 20])
      rings += `M${CX - 150 + dy} ${470 + dy / 2}C${CX - 100} ${494 + dy / 2} ${CX + 100} ${494 + dy / 2} ${CX + 150 - dy} ${470 + dy / 2}`
    const parts = [
      path(`M${CX - 108} 440C${CX - 60} 458 ${CX + 60} 458 ${CX + 108} 440`, s.seam),
      `<path d="${rings}" ${s.stitch}/>`,
      path(`M${CX - 96} 330C${CX - 40} 344 ${CX + 40} 344 ${CX + 96} 330`, s.stitch),
      side === 'front'
        ? path(`M${CX} 262V446`, s.seam)
        : `<rect x="${CX + 60}" y="414" width="24" height="12" fill="#efe9de"/>`,
    ]
    return { outline, under: '', details: parts.join(''), focus: [CX, 420], bottom: 500, spread: 190 }
  }
  const crown = `M${CX - 126} 450C${CX - 134} 330 ${CX - 60} 262 ${CX} 262C${CX + 60} 262 ${CX + 134} 330 ${CX + 126} 450`
  if (side === 'front') {
    // Three-quarter profile: the dome on the left, the peak reaching out to the right.
    const outline = `M${CX - 150} 456C${CX - 160} 330 ${CX - 70} 262 ${CX + 10} 262C${CX + 96} 262 ${CX + 150} 340 ${CX + 142} 430C${CX + 200} 428 ${CX + 250} 440 ${CX + 262} 466C${CX + 200} 486 ${CX + 120} 484 ${CX + 60} 474C${CX - 10} 478 ${CX - 90} 472 ${CX - 150} 456Z`
    const parts = [
      path(
        `M${CX + 10} 264C${CX - 30} 320 ${CX - 40} 400 ${CX - 34} 470M${CX + 10} 264C${CX + 60} 310 ${CX + 86} 380 ${CX + 92} 446M${CX + 10} 264C${CX - 80} 300 ${CX - 120} 380 ${CX - 126} 462`,
        s.seam,
      ),
      path(`M${CX - 148} 444C${CX - 60} 462 ${CX + 60} 462 ${CX + 140} 430`, s.stitch),
      path(`M${CX + 142} 430C${CX + 120} 456 ${CX + 90} 470 ${CX + 60} 474`, s.seam),
      path(
        `M${CX + 150} 446C${CX + 190} 446 ${CX + 230} 452 ${CX + 246} 464M${CX + 134} 458C${CX + 180} 462 ${CX + 220} 468 ${CX + 236} 472`,
        s.stitch,
      ),
      `<circle cx="${CX + 10}" cy="264" r="9" fill="${p.fill}" stroke="${p.shade}" stroke-width="1.5"/>`,
      `<circle cx="${CX - 60}" cy="330" r="3.5" fill="${p.shade}"/><circle cx="${CX + 56}" cy="322" r="3.5" fill="${p.shade}"/>`,
      `<path d="M${CX + 22} 360l56 8-4 40-56-8z" fill="none" stroke="${p.stitch}" stroke-width="1.4"/>`,
    ]
    return { outline, under: '', details: parts.join(''), focus: [CX + 40, 380], bottom: 490, spread: 210 }
  }
  const outline = `${crown}C${CX + 60} 462 ${CX - 60} 462 ${CX - 126} 450Z`
  const parts = [
    path(`M${CX} 264V450`, s.seam),
    path(
      `M${CX - 44} 454C${CX - 44} 404 ${CX + 44} 404 ${CX + 44} 454Z`,
      `fill="${p.shade}" fill-opacity=".75"`,
    ),
    `<rect x="${CX - 50}" y="430" width="100" height="14" rx="3" fill="${p.shade}"/><rect x="${CX + 10}" y="426" width="18" height="22" rx="2" fill="none" stroke="#c8c1b4" stroke-width="3"/>`,
    `<circle cx="${CX}" cy="264" r="9" fill="${p.fill}" stroke="${p.shade}" stroke-width="1.5"/>`,
  ]
  return { outline, under: '', details: parts.join(''), focus: [CX, 420], bottom: 470, spread: 170 }
}

/** A small playful print on children's tops. */
function kidsPrint(p: Paint): string {
  const ink = p.fill === '#f3f1ec' || p.fill === '#eee3cc' ? '#c0623f' : '#f6efe0'
  return `<g transform="translate(${CX} 300)"><circle r="42" fill="none" stroke="${ink}" stroke-width="7"/><path d="M-26 10Q0 34 26 10" fill="none" stroke="${ink}" stroke-width="7" stroke-linecap="round"/><circle cx="-15" cy="-10" r="6" fill="${ink}"/><circle cx="15" cy="-10" r="6" fill="${ink}"/></g>`
}

/** Scales a drawing around the canvas centre (children's sizes are drawn smaller). */
function scaled(d: Drawing, k: number, extra = ''): Drawing {
  return { ...d, details: d.details + extra, scale: k }
}

type Painter = (side: Side, p: Paint) => Drawing

/** Every garment kind the media URLs may name. */
export const GARMENTS = {
  tee: (side, p) => top({ hw: 138, hem: 640, sleeve: 'short', neck: 'crew' }, side, p),
  'tee-boxy': (side, p) => top({ hw: 160, hem: 600, sleeve: 'short', neck: 'crew' }, side, p),
  polo: (side, p) => top({ hw: 140, hem: 636, sleeve: 'short', neck: 'polo', front: 'placket' }, side, p),
  shirt: (side, p) =>
    top(
      {
        hw: 142,
        hem: 630,
        sleeve: 'long',
        neck: 'collar',
        front: 'buttons',
        pocket: 'chest',
        curvedHem: true,
      },
      side,
      p,
    ),
  'shirt-short': (side, p) =>
    top({ hw: 150, hem: 620, sleeve: 'short', neck: 'camp', front: 'buttons' }, side, p),
  sweater: (side, p) => top({ hw: 146, hem: 640, sleeve: 'long', neck: 'crew', rib: true }, side, p),
  hoodie: (side, p) =>
    top({ hw: 150, hem: 646, sleeve: 'long', neck: 'hood', pocket: 'kangaroo', rib: true }, side, p),
  jacket: (side, p) =>
    top(
      { hw: 152, hem: 620, sleeve: 'long', neck: 'stand', front: 'zip', pocket: 'flaps', rib: true },
      side,
      p,
    ),
  'jacket-denim': (side, p) =>
    top({ hw: 150, hem: 600, sleeve: 'long', neck: 'collar', front: 'buttons', pocket: 'flaps' }, side, p),
  vest: (side, p) => top({ hw: 134, hem: 630, sleeve: 'none', neck: 'v', front: 'buttons' }, side, p),
  trousers: (side, p) => trousers({ ww: 100, hem: 690, flare: 24 }, side, p),
  jeans: (side, p) => trousers({ ww: 102, hem: 690, flare: 18, jeans: true }, side, p),
  culottes: (side, p) => trousers({ ww: 100, hem: 640, flare: 78 }, side, p),
  shorts: (side, p) => trousers({ ww: 104, hem: 430, flare: 36 }, side, p),
  skirt: (side, p) => skirt({ hem: 560, flare: 70, jeans: false }, side, p),
  'skirt-pleated': (side, p) => skirt({ hem: 640, flare: 100, pleats: true }, side, p),
  'skirt-denim': (side, p) => skirt({ hem: 480, flare: 46, jeans: true }, side, p),
  dress: (side, p) => dress({ sleeve: 'cap', hem: 680, belt: true }, side, p),
  'dress-slip': (side, p) => dress({ sleeve: 'none', hem: 690 }, side, p),
  kaftan: (side, p) => dress({ sleeve: 'wide', hem: 690 }, side, p),
  tote: (side, p) => bag('tote', side, p),
  crossbody: (side, p) => bag('crossbody', side, p),
  cap: (side, p) => hat('cap', side, p),
  bucket: (side, p) => hat('bucket', side, p),
  'kids-tee': (side, p) =>
    scaled(
      top({ hw: 138, hem: 620, sleeve: 'short', neck: 'crew' }, side, p),
      0.78,
      side === 'front' ? kidsPrint(p) : '',
    ),
  'kids-dress': (side, p) => scaled(dress({ sleeve: 'cap', hem: 640, belt: true }, side, p), 0.8),
  'kids-shorts': (side, p) => scaled(trousers({ ww: 104, hem: 430, flare: 36 }, side, p), 0.8),
  'kids-hoodie': (side, p) =>
    scaled(
      top({ hw: 150, hem: 640, sleeve: 'long', neck: 'hood', pocket: 'kangaroo', rib: true }, side, p),
      0.8,
    ),
} as const satisfies Record<string, Painter>

export type GarmentKind = keyof typeof GARMENTS
export const GARMENT_KINDS = Object.keys(GARMENTS) as GarmentKind[]
export const isGarmentKind = (value: string): value is GarmentKind => Object.hasOwn(GARMENTS, value)
