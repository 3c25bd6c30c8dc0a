import { useTranslation } from '~/lib/i18n-react.ts'
import { categoryPath, MAIN_BRAND_ID, type SiteData } from '@busana/contract'
import { TrackedLink } from '~/lib/tracked-link.tsx'
import { isInternalLink, prefersLightText } from '../shell.rules.ts'
import { LanguageSwitcher } from './language-switcher.tsx'
import { useHydrated } from '~/lib/use-hydrated.ts'
import { useRootData } from '~/lib/root-data.ts'
import { analyticsIds } from '~/lib/load-context.ts'
import { resetConsent } from '~/lib/track-later.ts'

/**
 * Cookie settings: shows the consent banner again (decision 034). Only where analytics is
 * configured, and only once the page has hydrated (it does nothing without JavaScript).
 */
function CookieSettings({ label }: { label: string }) {
  const hydrated = useHydrated()
  const config = useRootData()?.publicConfig
  const ids = config ? analyticsIds(config) : null
  if (!hydrated || !ids || !(ids.GA4_ID || ids.META_PIXEL_ID || ids.GTM_ID)) return null
  return (
    <li>
      <button type="button" className="footer-link text-left" onClick={resetConsent}>
        {label}
      </button>
    </li>
  )
}

function FooterLink({ to, children }: { to: string; children: React.ReactNode }) {
  const className = 'footer-link'
  return isInternalLink(to) ? (
    <TrackedLink to={to} className={className}>
      {children}
    </TrackedLink>
  ) : (
    <a href={to} className={className} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  )
}

function Column({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div>
      <h2 className="mb-4 text-[11px] font-semibold uppercase tracking-[0.2em]">{title}</h2>
      {children}
    </div>
  )
}

/** Footer: Shop, About, Payment and Help columns, social links, language; colours from the site data. */
export function SiteFooter({
  site,
  brandName,
  year,
}: {
  site: SiteData | null
  brandName: string
  year: number
}) {
  const { t } = useTranslation()
  const background = site?.footer.color.background || '#f5f5f4'
  const light = prefersLightText(background)
  const brandId = site?.brand.id ?? MAIN_BRAND_ID
  const shop = (site?.category ?? []).slice(0, 8)
  const payments = site?.footer.metode_pembayaran ?? []
  const socials = site?.footer.social_media ?? []

  return (
    <footer style={{ backgroundColor: background }} className={`mt-20 ${light ? 'text-white' : 'text-ink'}`}>
      <div className="page-container grid grid-cols-2 gap-x-6 gap-y-10 py-14 lg:grid-cols-[1.4fr_1fr_1fr_1.4fr_1fr]">
        <div className="col-span-2 lg:col-span-1">
          <p className="text-lg font-semibold uppercase tracking-[0.32em]">{brandName}</p>
          {site?.brand.tagline && <p className="mt-3 max-w-xs text-sm opacity-75">{site.brand.tagline}</p>}
          {socials.length > 0 && (
            <div className="mt-6">
              <h2 className="sr-only">{t('footer.followUs')}</h2>
              <ul className="flex flex-wrap gap-2">
                {socials.map((social) => (
                  <li key={social.name}>
                    <a
                      href={social.link}
                      target="_blank"
                      rel="noopener noreferrer"
                      aria-label={social.name}
                      title={social.name}
                      className={`social-link ${
                        light ? 'border-white/30 hover:bg-white/10' : 'border-neutral-300 hover:bg-white'
                      }`}
                    >
                      {social.logo ? (
                        <img
                          src={social.logo}
                          alt=""
                          width={18}
                          height={18}
                          loading="lazy"
                          className="size-[18px] object-contain"
                        />
                      ) : (
                        <span className="text-xs font-semibold uppercase">{social.name.slice(0, 2)}</span>
                      )}
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>

        <Column title={t('footer.shop')}>
          <ul className="flex flex-col gap-2.5">
            {shop.map((category) => (
              <li key={category.category_name}>
                <FooterLink to={categoryPath(brandId, category.category_name)}>
                  {category.title || category.category_name}
                </FooterLink>
              </li>
            ))}
          </ul>
        </Column>

        <Column title={t('footer.about')}>
          <ul className="flex flex-col gap-2.5">
            <li>
              <FooterLink to="/about-us">{t('footer.aboutUs')}</FooterLink>
            </li>
            <li>
              <FooterLink to="/article">{t('footer.articles')}</FooterLink>
            </li>
            <li>
              <FooterLink to="/our-store">{t('footer.ourStore')}</FooterLink>
            </li>
          </ul>
        </Column>

        <Column title={t('footer.payment')}>
          <ul className="grid grid-cols-3 gap-2" aria-label={t('footer.paymentMethods')}>
            {payments.map((method) => (
              <li key={method.name} className="pay-logo" title={method.name}>
                {method.logo ? (
                  <img
                    src={method.logo}
                    alt={method.name}
                    loading="lazy"
                    width={64}
                    height={24}
                    className="h-6 w-full object-contain"
                  />
                ) : (
                  <span className="text-[10px] font-semibold text-ink">{method.name}</span>
                )}
              </li>
            ))}
          </ul>
        </Column>

        <Column title={t('footer.help')}>
          <ul className="flex flex-col gap-2.5">
            <li>
              <FooterLink to="/help/faq">{t('footer.faq')}</FooterLink>
            </li>
            <li>
              <FooterLink to="/tracking">{t('footer.tracking')}</FooterLink>
            </li>
            <li>
              <FooterLink to="/pages/returns-policy">{t('footer.returns')}</FooterLink>
            </li>
            <li>
              <FooterLink to="/pages/terms-and-conditions">{t('common.terms')}</FooterLink>
            </li>
            <li>
              <FooterLink to="/pages/privacy-policy">{t('footer.privacy')}</FooterLink>
            </li>
            <CookieSettings label={t('footer.cookies')} />
          </ul>
        </Column>
      </div>
      <div className={`border-t ${light ? 'border-white/15' : 'border-neutral-300/70'}`}>
        <div className="page-container flex flex-col items-start gap-3 py-5 pr-24 text-xs sm:flex-row sm:items-center sm:justify-between">
          <LanguageSwitcher />
          <p className="opacity-70">{t('footer.rights', { year, brand: brandName })}</p>
        </div>
      </div>
    </footer>
  )
}
