/** @jsxRuntime automatic @jsxImportSource react */
import { Body, Button, Container, Head, Heading, Html, Preview, Section, Text } from '@react-email/components'
import { render } from '@react-email/render'
import { formatIdr, plainShopperText } from '@busana/contract'

/** What an alert's message says: the product, the size, its price (or the old and new price) and its link. */
export interface AlertMessageFacts {
  kind: 'BACK_IN_STOCK' | 'PRICE_DROP'
  language: 'en' | 'id'
  productName: string
  /** The size's label (BACK_IN_STOCK). */
  ukuran: string | null
  price: number
  /** PRICE_DROP: the price she saw when she asked. */
  priceThen: number | null
  /** The product page, absolute. */
  link: string
}

const WORDS = {
  en: {
    backSubject: (name: string) => `Back in stock: ${name}`,
    backLead: (name: string, size: string) => `Good news: ${name} in size ${size} is back in stock.`,
    dropSubject: (name: string) => `Price drop: ${name}`,
    dropLead: (name: string) => `Good news: the price of ${name} has dropped.`,
    price: 'Price',
    was: 'was',
    now: 'now',
    cta: 'See the product',
    why: 'You asked us to tell you. We sent this once; ask again on the product page for the next time. Turn these messages off in your account page.',
  },
  id: {
    backSubject: (name: string) => `Tersedia kembali: ${name}`,
    backLead: (name: string, size: string) => `Kabar baik: ${name} ukuran ${size} tersedia kembali.`,
    dropSubject: (name: string) => `Harga turun: ${name}`,
    dropLead: (name: string) => `Kabar baik: harga ${name} turun.`,
    price: 'Harga',
    was: 'sebelumnya',
    now: 'sekarang',
    cta: 'Lihat produk',
    why: 'Anda meminta kami mengabari. Pesan ini dikirim sekali; minta lagi di halaman produk untuk berikutnya. Matikan pesan ini di halaman akun Anda.',
  },
} as const

function words(f: AlertMessageFacts) {
  const w = WORDS[f.language]
  const name = plainShopperText(f.productName)
  const subject = f.kind === 'BACK_IN_STOCK' ? w.backSubject(name) : w.dropSubject(name)
  const lead =
    f.kind === 'BACK_IN_STOCK' ? w.backLead(name, plainShopperText(f.ukuran ?? '')) : w.dropLead(name)
  const price =
    f.kind === 'PRICE_DROP' && f.priceThen !== null
      ? `${w.price}: ${formatIdr(f.price)} (${w.was} ${formatIdr(f.priceThen)})`
      : `${w.price}: ${formatIdr(f.price)}`
  return { w, subject, lead, price }
}

/** The phone text (WhatsApp or SMS) of an alert, and the e-mail's subject and plain text. */
export function alertText(f: AlertMessageFacts): { subject: string; text: string } {
  const { w, subject, lead, price } = words(f)
  return { subject, text: `${lead}\n${price}\n${f.link}\n\n${w.why}` }
}

/**
 * E-mails rendered lately, by what they say. A thousand members told that one size is back get the
 * same words (nothing in them is personal), so the HTML is rendered once, not a thousand times,
 * beside the checkouts of the same process (issue 42).
 */
const rendered = new Map<string, Promise<{ subject: string; text: string; html: string }>>()
const RENDERED_KEPT = 64

/** The e-mail (subject, plain text, HTML) of an alert; rendered once for the same facts. */
export function renderAlertMessage(
  f: AlertMessageFacts,
): Promise<{ subject: string; text: string; html: string }> {
  const key = JSON.stringify([f.kind, f.language, f.productName, f.ukuran, f.price, f.priceThen, f.link])
  const kept = rendered.get(key)
  if (kept) return kept
  const fresh = renderEmail(f)
  rendered.set(key, fresh)
  // A failed render is not kept; the oldest goes when there are too many.
  fresh.catch(() => rendered.delete(key))
  if (rendered.size > RENDERED_KEPT) rendered.delete(rendered.keys().next().value!)
  return fresh
}

async function renderEmail(f: AlertMessageFacts): Promise<{ subject: string; text: string; html: string }> {
  const { w, lead, price } = words(f)
  const { subject, text } = alertText(f)
  const html = await render(
    <Html lang={f.language}>
      <Head />
      <Preview>{lead}</Preview>
      <Body
        style={{ backgroundColor: '#f4f4f4', fontFamily: 'Helvetica, Arial, sans-serif', padding: '24px 0' }}
      >
        <Container style={{ backgroundColor: '#ffffff', maxWidth: '600px', padding: '24px' }}>
          <Text style={{ fontSize: '22px', fontWeight: 700, letterSpacing: '0.3em', textAlign: 'center' }}>
            BUSANA
          </Text>
          <Heading as="h1" style={{ fontSize: '20px', color: '#111111' }}>
            {subject}
          </Heading>
          <Text style={{ fontSize: '15px', color: '#333333' }}>{lead}</Text>
          <Text style={{ fontSize: '15px', color: '#111111', fontWeight: 700 }}>{price}</Text>
          <Section style={{ textAlign: 'center', padding: '16px 0' }}>
            <Button
              href={f.link}
              style={{ backgroundColor: '#111111', color: '#ffffff', padding: '12px 24px', fontSize: '14px' }}
            >
              {w.cta}
            </Button>
          </Section>
          <Text style={{ fontSize: '12px', color: '#666666' }}>{w.why}</Text>
        </Container>
      </Body>
    </Html>,
  )
  return { subject, text, html }
}
