/**
 * A person's name, as the shop writes it into its own messages (issue 38, decision 053): a name is
 * greeted in WhatsApp texts and e-mails, so it must not carry a link or formatting that would make
 * the shop say something else ("Pelanggan. *PEMBAYARAN GAGAL* bayar ulang di evil.example/pay").
 * Real Indonesian names stay valid: letters with diacritics, spaces, apostrophes, hyphens, commas,
 * and dots after initials or titles ("R.A. Kartini", "M. Rizky", "Budi Santoso, S.E.").
 */

/** What a refused name is told (400 REQ001 names the field; Indonesian in validation-messages.ts). */
export const PERSON_NAME_MESSAGE = 'must be a name, without links, web addresses or * _ ~ ` < > [ ]'

/** WhatsApp's and Markdown's formatting characters, and angle brackets (HTML). */
const MARKUP = /[*_~`<>[\]\\|]/
/**
 * What reads as a link: `http` (a scheme), `://`, `www.`, an e-mail's `@`, or a dot with two or more letters or
 * digits right after it ("evil.example", "toko.id", "x.yz"); a dot after an initial ("R.A. Kartini")
 * is followed by one letter or a space.
 */
const LINK = /http|:\/\/|www\.|@|[\p{L}\p{N}]\.[\p{L}\p{N}]{2,}/iu
/**
 * Indonesian academic titles after a name ("S.Kom.", "S.Pd.", "M.Sc.", "A.Md."): one capital, a dot,
 * a capital and up to three small letters. Set aside before LINK, which would read them as a domain.
 */
const ACADEMIC_TITLE = /(?<![\p{L}\p{N}])\p{Lu}\.\p{Lu}\p{Ll}{0,3}\.?(?![\p{L}\p{N}])/gu
/** Invisible format characters (zero-width spaces, direction marks) that would hide a link from the rules. */
const INVISIBLE = /\p{Cf}/u

/**
 * Whether `name` may be a person's name: no link, web address or formatting character, checked on
 * its NFKC form so full-width look-alikes ("＊", "．") count as what they look like.
 */
export function isPersonName(name: string): boolean {
  const text = name.normalize('NFKC')
  return !MARKUP.test(text) && !LINK.test(text.replace(ACADEMIC_TITLE, ' ')) && !INVISIBLE.test(text)
}

/**
 * Text a shopper wrote (a name, an address), made inert for a message the shop sends: formatting
 * characters removed, invisible characters removed, and links broken so no app turns them into
 * one ("evil.example/pay" reads "evil. example/pay", "https://" reads "https: //"). Used by the
 * order-update templates for rows stored before the name rule, and for addresses, which may hold
 * dots and slashes ("Jl. Merdeka No.5/B" reads "Jl. Merdeka No. 5/B").
 */
export function plainShopperText(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/\p{Cf}/gu, '')
    .replace(/[*_~`<>[\]\\|]/g, '')
    .replace(/:\/\//g, ': //')
    .replace(/([\p{L}\p{N}])\.(?=[\p{L}\p{N}])/gu, '$1. ')
    .replace(/@/g, ' (at) ')
    .replace(/ {2,}/g, ' ')
    .trim()
}
