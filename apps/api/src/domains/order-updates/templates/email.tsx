import {
  Body,
  Button,
  Column,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Link,
  Preview,
  Row,
  Section,
  Text,
} from '@react-email/components'
import type { CSSProperties, ReactNode } from 'react'
import type { OrderMessageFacts } from '../facts.ts'
import {
  cancelWords,
  leadOf,
  money,
  pageLabel,
  pageOf,
  returnWords,
  sizeLabel,
  subjectOf,
  wib,
  WORDS,
} from './texts.ts'

/**
 * The order update e-mail (docs/decisions/047-order-update-emails.md): one column at most 600 px
 * wide, black on white like the storefront, the brand as a text wordmark, system fonts, and
 * nothing loaded from anywhere (no logo file, no web font, no tracking pixel). Every style is
 * inline, as mail apps want; React escapes every value.
 */

const font = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif"
const s = {
  body: { backgroundColor: '#f4f4f4', fontFamily: font, margin: 0, padding: '24px 0' },
  container: { backgroundColor: '#ffffff', maxWidth: '600px', width: '100%', margin: '0 auto' },
  header: { padding: '24px 24px 8px', textAlign: 'center' },
  wordmark: {
    fontSize: '22px',
    fontWeight: 700,
    letterSpacing: '0.3em',
    textTransform: 'uppercase',
    color: '#111111',
    margin: 0,
  },
  content: { padding: '8px 24px 16px' },
  heading: { fontSize: '20px', lineHeight: '28px', color: '#111111', margin: '16px 0 8px' },
  text: { fontSize: '15px', lineHeight: '22px', color: '#333333', margin: '8px 0' },
  label: {
    fontSize: '12px',
    lineHeight: '18px',
    letterSpacing: '0.08em',
    textTransform: 'uppercase',
    color: '#777777',
    margin: '0',
  },
  big: {
    fontSize: '22px',
    lineHeight: '30px',
    fontWeight: 700,
    letterSpacing: '0.06em',
    color: '#111111',
    margin: '2px 0 10px',
  },
  box: { border: '1px solid #e5e5e5', padding: '12px 16px', margin: '16px 0' },
  cell: { fontSize: '14px', lineHeight: '20px', color: '#333333', padding: '4px 0', verticalAlign: 'top' },
  amount: {
    fontSize: '14px',
    lineHeight: '20px',
    color: '#333333',
    padding: '4px 0',
    textAlign: 'right',
    whiteSpace: 'nowrap',
    verticalAlign: 'top',
  },
  totalCell: { fontSize: '16px', fontWeight: 700, color: '#111111', padding: '8px 0 0' },
  button: {
    backgroundColor: '#111111',
    color: '#ffffff',
    fontSize: '14px',
    fontWeight: 600,
    letterSpacing: '0.08em',
    textTransform: 'uppercase',
    padding: '14px 24px',
    display: 'block',
    textAlign: 'center',
    margin: '20px 0 8px',
  },
  link: { color: '#111111', textDecoration: 'underline', wordBreak: 'break-all' },
  small: { fontSize: '13px', lineHeight: '20px', color: '#777777', margin: '4px 0' },
  hr: { borderColor: '#e5e5e5', margin: '16px 0' },
  footer: { fontSize: '12px', lineHeight: '18px', color: '#777777', margin: '4px 0', textAlign: 'center' },
} satisfies Record<string, CSSProperties>

function Fact({ label, value, big }: { label: string; value: ReactNode; big?: boolean }) {
  return (
    <>
      <Text style={s.label}>{label}</Text>
      <Text style={big ? s.big : { ...s.text, margin: '2px 0 10px' }}>{value}</Text>
    </>
  )
}

function Amount({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Row>
      <Column style={strong ? s.totalCell : s.cell}>{label}</Column>
      <Column style={strong ? { ...s.totalCell, textAlign: 'right' } : s.amount}>{value}</Column>
    </Row>
  )
}

/** The lines and the amounts of the order (placed). */
function OrderSummary({ f }: { f: OrderMessageFacts }) {
  const w = WORDS[f.language]
  const o = f.order
  return (
    <Section style={s.box}>
      <Text style={{ ...s.label, marginBottom: '6px' }}>{w.items}</Text>
      {o.lines.map((line, index) => (
        <Row key={index}>
          <Column style={s.cell}>
            {line.name}
            <br />
            <span style={{ color: '#777777', fontSize: '13px' }}>
              {[sizeLabel(line.size, w), `${w.quantity} ${line.quantity}`].filter(Boolean).join(' · ')}
            </span>
          </Column>
          <Column style={s.amount}>{money(line.total)}</Column>
        </Row>
      ))}
      <Hr style={s.hr} />
      <Amount label={w.subtotal} value={money(o.subtotal)} />
      <Amount label={`${w.shipping} (${o.courier})`} value={money(o.shipping)} />
      {o.packingFee > 0 && <Amount label={w.packingFee} value={money(o.packingFee)} />}
      {o.paymentFee > 0 && <Amount label={w.paymentFee} value={money(o.paymentFee)} />}
      {o.discount > 0 && <Amount label={w.discount(o.voucherCode)} value={`-${money(o.discount)}`} />}
      <Amount label={w.total} value={money(o.total)} strong />
    </Section>
  )
}

/** How to pay and by when (placed). */
function HowToPay({ f }: { f: OrderMessageFacts }) {
  const w = WORDS[f.language]
  const p = f.payment!
  return (
    <Section style={{ ...s.box, borderColor: '#111111' }}>
      <Text style={{ ...s.heading, fontSize: '16px', margin: '0 0 8px' }}>{w.howToPay}</Text>
      <Fact label={w.method} value={p.method} />
      {p.billerCode && <Fact label={w.billerCode} value={p.billerCode} big />}
      {p.accountNumber && <Fact label={p.billerCode ? w.billKey : w.vaNumber} value={p.accountNumber} big />}
      {p.appLink && (
        <Fact
          label={w.payInApp}
          value={
            <Link href={p.appLink} style={s.link}>
              {w.openApp}
            </Link>
          }
        />
      )}
      {!p.appLink && p.hasQr && <Text style={s.text}>{w.scanQr}</Text>}
      <Fact label={w.payBefore} value={wib(p.deadline, f.language)} big />
    </Section>
  )
}

/** A return's details (issue 40): the pieces, where to send them, the reason, the refund, the new size's parcel. */
function ReturnDetails({ f }: { f: OrderMessageFacts }) {
  const w = WORDS[f.language]
  const ret = returnWords(f)
  if (!ret) return null
  return (
    <>
      {ret.pieces.length > 0 && (
        <Section style={s.box}>
          <Text style={{ ...s.label, marginBottom: '6px' }}>
            {f.moment === 'exchange_shipped' ? w.ret.newSizeTitle : w.items}
          </Text>
          {ret.pieces.map((piece, index) => (
            <Text key={index} style={{ ...s.text, margin: '4px 0' }}>
              {piece}
            </Text>
          ))}
        </Section>
      )}
      {ret.sendTo && (
        <Section style={{ ...s.box, borderColor: '#111111' }}>
          <Fact
            label={w.ret.sendTo}
            value={
              <>
                {ret.sendTo.name} ({ret.sendTo.phone})
                <br />
                {ret.sendTo.address}
              </>
            }
          />
          {ret.sendTo.instructions && <Text style={s.text}>{ret.sendTo.instructions}</Text>}
          <Text style={s.text}>{ret.sendTo.after}</Text>
        </Section>
      )}
      {ret.rejected?.reason && <Fact label={w.ret.reason} value={ret.rejected.reason} />}
      {ret.rejected && <Text style={s.text}>{ret.rejected.next}</Text>}
      {ret.refund && (
        <Section style={s.box}>
          {f.moment === 'return_received' && <Fact label={w.ret.refund} value={ret.refund.amount} big />}
          {ret.refund.facts.map(([label, value]) => (
            <Fact key={label} label={label} value={value} />
          ))}
          {ret.refund.next && <Text style={s.text}>{ret.refund.next}</Text>}
        </Section>
      )}
      {ret.next && <Text style={s.text}>{ret.next}</Text>}
      {ret.shipment && (
        <Section style={s.box}>
          <Fact label={w.courier} value={ret.shipment.courier.toUpperCase()} />
          <Fact label={w.waybill} value={ret.shipment.waybill} big />
        </Section>
      )}
    </>
  )
}

/** The whole e-mail of one moment. */
export function OrderUpdateEmail({ f }: { f: OrderMessageFacts }) {
  const w = WORDS[f.language]
  const cancel = cancelWords(f)
  const subject = subjectOf(f)
  const page = pageOf(f)
  const button =
    f.moment === 'shipped' && f.shipment
      ? { href: f.shipment.trackingLink, label: w.trackParcel }
      : f.moment === 'exchange_shipped' && f.return?.trackingLink
        ? { href: f.return.trackingLink, label: w.trackParcel }
        : f.moment === 'delivered' && f.review
          ? { href: f.review.link, label: w.writeReview }
          : { href: page, label: pageLabel(f) }
  return (
    <Html lang={f.language} dir="ltr">
      <Head>
        <meta name="color-scheme" content="light" />
        <title>{subject}</title>
      </Head>
      <Preview>{leadOf(f)}</Preview>
      <Body style={s.body}>
        <Container style={s.container}>
          <Section style={s.header}>
            <Text style={s.wordmark}>{f.shop.name}</Text>
          </Section>
          <Section style={s.content}>
            <Heading as="h1" style={s.heading}>
              {subject}
            </Heading>
            <Text style={s.text}>{w.greeting(f.order.buyerName)}</Text>
            <Text style={s.text}>{leadOf(f)}</Text>

            {f.moment === 'placed' && f.payment && <HowToPay f={f} />}
            {f.moment === 'placed' && <OrderSummary f={f} />}
            {f.moment === 'placed' && (
              <Fact label={w.deliverTo} value={`${f.order.recipient.name}, ${f.order.recipient.address}`} />
            )}
            {f.moment === 'paid' && <Text style={s.text}>{w.paidNext}</Text>}
            {f.moment === 'shipped' && f.shipment && (
              <Section style={s.box}>
                <Fact label={w.courier} value={f.shipment.courier.toUpperCase()} />
                <Fact label={w.waybill} value={f.shipment.waybill} big />
                <Fact label={w.deliverTo} value={`${f.order.recipient.name}, ${f.order.recipient.address}`} />
              </Section>
            )}
            {f.moment === 'delivered' && (
              <>
                <Text style={s.text}>{w.reviewLines}</Text>
                <Section style={s.box}>
                  {f.order.lines.map((line, index) => (
                    <Text key={index} style={{ ...s.text, margin: '4px 0' }}>
                      {[line.name, sizeLabel(line.size, w)].filter(Boolean).join(' · ')}
                    </Text>
                  ))}
                </Section>
              </>
            )}
            {cancel?.why && <Text style={s.text}>{cancel.why}</Text>}
            {cancel?.refund && (
              <Section style={s.box}>
                <Text style={{ ...s.text, fontWeight: 700, color: '#111111' }}>{cancel.refund}</Text>
                <Text style={s.text}>{cancel.refundNext}</Text>
              </Section>
            )}
            {cancel?.after && <Text style={s.text}>{cancel.after}</Text>}
            <ReturnDetails f={f} />

            <Button href={button.href} style={s.button}>
              {button.label}
            </Button>
            {button.href === page && <Text style={s.small}>{w.signInNote}</Text>}
            {/* The address in full, for a mail app that hides the button: on a line of its own. */}
            <Text style={s.small}>
              <Link href={button.href} style={s.link}>
                {button.href}
              </Link>
            </Text>
            {button.href !== page && (
              <Text style={{ ...s.text, fontSize: '13px' }}>
                <Link href={page} style={s.link}>
                  {pageLabel(f)}
                </Link>
              </Text>
            )}
          </Section>
          <Section style={{ padding: '0 24px 24px' }}>
            <Hr style={s.hr} />
            <Text style={s.footer}>
              {f.return
                ? `${w.ret.returnNumber} ${f.return.number} · ${w.orderNumber} ${f.order.number}`
                : `${w.orderNumber} ${f.order.number} · ${w.orderDate} ${wib(f.order.placedAt, f.language)}`}
            </Text>
            <Text style={s.footer}>{w.why(f.shop.name)}</Text>
            <Text style={s.footer}>
              <Link href={f.shop.url} style={{ ...s.link, color: '#777777' }}>
                {f.shop.url.replace(/^https?:\/\//, '')}
              </Link>
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  )
}
