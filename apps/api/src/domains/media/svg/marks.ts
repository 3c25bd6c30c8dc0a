/**
 * Brand wordmarks, payment and social logos and the fallback picture: the store's own marks, drawn
 * as type. All text is drawn with system font stacks (an <img> SVG cannot load web fonts).
 */

export const SERIF = `'Didot','Bodoni 72','Playfair Display','Libre Caslon Text',Georgia,'Times New Roman',serif`
export const SANS = `'Helvetica Neue','Inter','Segoe UI',Roboto,Arial,sans-serif`
export const INK = '#231d18'

/** Escapes text for SVG character data and attribute values. */
function esc(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

/** Brand wordmarks differ by weight and spacing, chosen from the name so each brand looks its own. */
export function renderLogoSvg(name: string, colour = INK): string {
  const text = name.toUpperCase()
  const hash = [...text].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7)
  const serif = hash % 2 === 0
  const size = Math.round(Math.min(64, 440 / (text.length * 0.78)))
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 480 120" width="480" height="120">` +
    `<text x="240" y="${60 + size * 0.36}" text-anchor="middle" font-family="${serif ? SERIF : SANS}" font-weight="${serif ? 400 : 700}" font-size="${size}" letter-spacing="${Math.round(size * (serif ? 0.18 : 0.28))}" fill="${colour}">${esc(text)}</text></svg>`
  )
}

interface PayMark {
  label: string
  colour: string
  second?: string
  italic?: boolean
  weight?: number
  lower?: boolean
}

/** Payment wordmarks in each provider's brand colours (simple type, not the providers' artwork). */
export const PAYMENT_MARKS: Record<string, PayMark> = {
  bca: { label: 'BCA', colour: '#0060af', italic: true, weight: 800 },
  mandiri: { label: 'mandiri', colour: '#003d79', second: '#f8b015', weight: 700, lower: true },
  bni: { label: 'BNI', colour: '#f15a23', second: '#006885', weight: 800 },
  bri: { label: 'BRI', colour: '#00529c', weight: 800 },
  permata: { label: 'PermataBank', colour: '#009a48', second: '#e2231a', weight: 700 },
  gopay: { label: 'gopay', colour: '#00aed6', weight: 700, lower: true },
  qris: { label: 'QRIS', colour: '#1b1b1b', second: '#e2231a', weight: 800 },
  shopeepay: { label: 'ShopeePay', colour: '#ee4d2d', weight: 700 },
  ovo: { label: 'OVO', colour: '#4c3494', weight: 800 },
  dana: { label: 'DANA', colour: '#108ee9', weight: 800 },
}

export function renderPaymentSvg(code: string): string | null {
  const m = PAYMENT_MARKS[code]
  if (!m) return null
  const size = Math.round(Math.min(34, 128 / (m.label.length * 0.62)))
  const accent = m.second ? `<rect x="24" y="48" width="112" height="4" rx="2" fill="${m.second}"/>` : ''
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 64" width="160" height="64">` +
    `<rect x=".5" y=".5" width="159" height="63" rx="8" fill="#fff" stroke="#e4e0da"/>` +
    `<text x="80" y="${34 + size * 0.34}" text-anchor="middle" font-family="${SANS}" font-weight="${m.weight ?? 700}"${m.italic ? ' font-style="italic"' : ''} font-size="${size}" fill="${m.colour}">${esc(m.label)}</text>${accent}</svg>`
  )
}

/** Round social icons: a white glyph on the network's colour. */
export const SOCIAL_ICONS: Record<string, { background: string; glyph: string }> = {
  instagram: {
    background: 'url(#ig)',
    glyph:
      '<rect x="14" y="14" width="20" height="20" rx="6" fill="none" stroke="#fff" stroke-width="2.6"/><circle cx="24" cy="24" r="4.8" fill="none" stroke="#fff" stroke-width="2.6"/><circle cx="30" cy="18" r="1.6" fill="#fff"/>',
  },
  tiktok: {
    background: '#111',
    glyph:
      '<path d="M26 12v17.5a4.8 4.8 0 1 1-4.2-4.8" fill="none" stroke="#25f4ee" stroke-width="3.2" transform="translate(-1 -1)"/><path d="M26 12v17.5a4.8 4.8 0 1 1-4.2-4.8" fill="none" stroke="#fe2c55" stroke-width="3.2" transform="translate(1 1)"/><path d="M26 12v17.5a4.8 4.8 0 1 1-4.2-4.8M26 12c.6 3.6 3 5.8 6.6 6" fill="none" stroke="#fff" stroke-width="3.2" stroke-linecap="round"/>',
  },
  facebook: {
    background: '#1877f2',
    glyph:
      '<path d="M26.5 37V25.5h3.8l.6-4.4h-4.4v-2.8c0-1.3.4-2.1 2.2-2.1h2.3v-3.9a30 30 0 0 0-3.4-.2c-3.4 0-5.6 2-5.6 5.8v3.2h-3.8v4.4h3.8V37z" fill="#fff"/>',
  },
  youtube: {
    background: '#ff0000',
    glyph:
      '<rect x="11" y="15" width="26" height="18" rx="5" fill="#fff"/><path d="M21.5 19.5v9l7.5-4.5z" fill="#ff0000"/>',
  },
  whatsapp: {
    background: '#25d366',
    glyph:
      '<path d="M24 12.5a11.3 11.3 0 0 0-9.7 17.1L12.8 35l5.6-1.5A11.3 11.3 0 1 0 24 12.5z" fill="none" stroke="#fff" stroke-width="2.4"/><path d="M19.6 19.6c.4-.9.8-.9 1.2-.9h.9c.3 0 .6.1.8.7l1.1 2.6c.1.3 0 .6-.2.9l-.8 1c.8 1.5 2 2.7 3.5 3.5l1-.9c.3-.3.6-.3.9-.2l2.5 1.2c.6.3.6.5.6.8 0 1.4-1.2 2.6-3 2.6-3.9-.2-8.6-4.8-8.7-8.7 0-.9.2-1.7.5-2.3z" fill="#fff"/>',
  },
}

export function renderSocialSvg(name: string): string | null {
  const icon = SOCIAL_ICONS[name]
  if (!icon) return null
  const ig =
    name === 'instagram'
      ? '<defs><linearGradient id="ig" x1="0" y1="1" x2="1" y2="0"><stop offset="0" stop-color="#feda75"/><stop offset=".35" stop-color="#fa7e1e"/><stop offset=".6" stop-color="#d62976"/><stop offset="1" stop-color="#4f5bd5"/></linearGradient></defs>'
      : ''
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48" width="48" height="48">${ig}<circle cx="24" cy="24" r="24" fill="${icon.background}"/>${icon.glyph}</svg>`
}

/** The picture shown when a product image fails to load: a hanger on warm grey, 3:4 like products. */
export function renderFallbackSvg(): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 800" width="600" height="800">` +
    `<rect width="600" height="800" fill="#efebe5"/>` +
    `<path d="M300 300a26 26 0 1 1 26-26c0 14-26 16-26 34v12L160 420c-10 6-6 20 6 20h268c12 0 16-14 6-20L300 320" fill="none" stroke="#b9b1a5" stroke-width="10" stroke-linecap="round" stroke-linejoin="round"/>` +
    `<text x="300" y="520" text-anchor="middle" font-family="${SERIF}" font-size="34" letter-spacing="10" fill="#9d9488">BUSANA</text></svg>`
  )
}
