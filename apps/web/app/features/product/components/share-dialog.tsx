import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
import { createPortal } from 'react-dom'
import {
  EmailIcon,
  EmailShareButton,
  FacebookIcon,
  FacebookShareButton,
  LineIcon,
  LineShareButton,
  TelegramIcon,
  TelegramShareButton,
  WhatsappIcon,
  WhatsappShareButton,
  XIcon,
  XShareButton,
} from 'react-share'
import { useNamespaceT } from '~/lib/use-namespace-t.ts'
import { CloseIcon } from '~/components/ui/icons.tsx'
import { useModalFocus } from '~/components/ui/modal-focus.ts'

/** Share windows open at 550x400 px (docs/product/shopping.md §2). */
export const SHARE_WINDOW = { width: 550, height: 400 } as const

const buttonClass =
  'flex w-full flex-col items-center gap-1.5 rounded-md px-1 py-2 text-xs text-neutral-700 transition-colors hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-ink'

function Target({ icon, label }: { icon: ReactNode; label: string }) {
  return (
    <>
      {icon}
      <span>{label}</span>
    </>
  )
}

/** WhatsApp: the api host on phones and tablets, the web host on a desktop (docs/product/shopping.md §7). */
function openWhatsapp(link: string) {
  const mobile = /Android|iPhone|iPad|iPod|Mobile/i.test(navigator.userAgent)
  const target = mobile ? link : link.replace('https://api.whatsapp.com/', 'https://web.whatsapp.com/')
  const { width, height } = SHARE_WINDOW
  const left = Math.max(0, (window.outerWidth - width) / 2 + (window.screenX ?? 0))
  const top = Math.max(0, (window.outerHeight - height) / 2 + (window.screenY ?? 0))
  window.open(target, '', `width=${width},height=${height},left=${left},top=${top},noopener,noreferrer`)
}

/**
 * Share dialog (docs/product/shopping.md §2): microblog, social network, two messaging apps, a third
 * messaging app and e-mail; shares the public product URL with the product name as title. Max width 400 px;
 * closes on an outside click, Escape or the close button. Loaded lazily: react-share stays out of the
 * product page's first view.
 */
export function ShareDialog({ url, title, onClose }: { url: string; title: string; onClose: () => void }) {
  const t = useNamespaceT('product')
  const titleId = useId()
  const panel = useRef<HTMLDivElement>(null)
  const [copied, setCopied] = useState(false)
  const onCloseRef = useRef(onClose)
  useEffect(() => {
    onCloseRef.current = onClose
  })

  // Focus in, Tab kept inside, Escape, focus back to Share (issue 29).
  useModalFocus(panel, () => onCloseRef.current(), panel)

  const window_ = {
    windowWidth: SHARE_WINDOW.width,
    windowHeight: SHARE_WINDOW.height,
    resetButtonStyle: false,
  }
  const icon = { size: 44, round: true }

  async function copy() {
    try {
      await navigator.clipboard.writeText(url)
      setCopied(true)
    } catch {
      setCopied(false)
    }
  }

  // In a portal: the page's sticky info column is a stacking context the backdrop must escape.
  return createPortal(
    <div
      data-testid="share-backdrop"
      className="fixed inset-0 z-50 flex items-end justify-center bg-black/40 p-4 sm:items-center"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose()
      }}
    >
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className="w-full max-w-[400px] bg-white p-5 shadow-xl outline-none"
      >
        <div className="flex items-center justify-between">
          <h2 id={titleId} className="text-base font-semibold text-ink">
            {t('share.title', 'Share')}
          </h2>
          <button
            type="button"
            onClick={onClose}
            aria-label={t('share.close', 'Close')}
            className="grid h-9 w-9 place-items-center rounded-full text-neutral-500 hover:bg-neutral-100 hover:text-ink"
          >
            <CloseIcon className="h-5 w-5" strokeWidth={1.8} />
          </button>
        </div>
        <p className="mt-1 line-clamp-2 text-sm text-neutral-500">{title}</p>
        <ul className="mt-4 grid grid-cols-3 gap-2">
          <li>
            <XShareButton
              aria-label={t('share.on', 'Share on {{network}}', { network: 'X' })}
              url={url}
              title={title}
              className={buttonClass}
              {...window_}
            >
              <Target icon={<XIcon {...icon} />} label="X" />
            </XShareButton>
          </li>
          <li>
            <FacebookShareButton
              aria-label={t('share.on', 'Share on {{network}}', { network: 'Facebook' })}
              url={url}
              className={buttonClass}
              {...window_}
            >
              <Target icon={<FacebookIcon {...icon} />} label="Facebook" />
            </FacebookShareButton>
          </li>
          <li>
            <WhatsappShareButton
              aria-label={t('share.on', 'Share on {{network}}', { network: 'WhatsApp' })}
              url={url}
              title={title}
              separator=" "
              className={buttonClass}
              {...window_}
              openShareDialogOnClick={false}
              onClick={(_event, link) => openWhatsapp(link)}
            >
              <Target icon={<WhatsappIcon {...icon} />} label="WhatsApp" />
            </WhatsappShareButton>
          </li>
          <li>
            <TelegramShareButton
              aria-label={t('share.on', 'Share on {{network}}', { network: 'Telegram' })}
              url={url}
              title={title}
              className={buttonClass}
              {...window_}
            >
              <Target icon={<TelegramIcon {...icon} />} label="Telegram" />
            </TelegramShareButton>
          </li>
          <li>
            <LineShareButton
              aria-label={t('share.on', 'Share on {{network}}', { network: 'LINE' })}
              url={url}
              title={title}
              className={buttonClass}
              {...window_}
            >
              <Target icon={<LineIcon {...icon} />} label="LINE" />
            </LineShareButton>
          </li>
          <li>
            <EmailShareButton
              aria-label={t('share.byEmail', 'Share by email')}
              url={url}
              subject={title}
              body={`${title}\n`}
              className={buttonClass}
              resetButtonStyle={false}
            >
              <Target icon={<EmailIcon {...icon} />} label={t('share.email', 'Email')} />
            </EmailShareButton>
          </li>
        </ul>
        <div className="mt-4 flex items-center gap-2 border border-neutral-200 p-1 pl-3">
          <input
            readOnly
            value={url}
            aria-label={t('share.link', 'Product link')}
            onFocus={(event) => event.currentTarget.select()}
            className="min-w-0 flex-1 bg-transparent text-xs text-neutral-600 outline-none"
          />
          <button
            type="button"
            onClick={copy}
            className="bg-ink px-3 py-1.5 text-xs font-semibold text-white hover:bg-neutral-700"
          >
            {copied ? t('share.copied', 'Copied') : t('share.copy', 'Copy link')}
          </button>
        </div>
      </div>
    </div>,
    document.body,
  )
}
