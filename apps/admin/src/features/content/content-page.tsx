import { NavLink, Navigate, useParams } from 'react-router'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '../../components/ui.tsx'
import { CampaignSection } from './campaign-section.tsx'
import { FaqSection } from './faq-section.tsx'
import { ArticlesSection } from './articles-section.tsx'
import { AboutSection, PagesSection } from './pages-section.tsx'
import { StoresSection } from './stores-section.tsx'

export const CONTENT_SECTIONS = ['faq', 'articles', 'about', 'pages', 'stores', 'campaign'] as const
type Section = (typeof CONTENT_SECTIONS)[number]

/**
 * The shop's content (owner, marketing): help FAQ, articles, the about page, pages, stores, the
 * campaign popup; one section per file beside this one.
 */
export function ContentPage() {
  const { t } = useTranslation()
  const { section } = useParams()
  if (!CONTENT_SECTIONS.includes(section as Section)) return <Navigate to="/content/faq" replace />
  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t('content.title')} />
      <nav aria-label={t('content.sections')} className="flex flex-wrap gap-1 border-b border-slate-200 pb-2">
        {CONTENT_SECTIONS.map((name) => (
          <NavLink
            key={name}
            to={`/content/${name}`}
            className={({ isActive }) =>
              `rounded-md px-3 py-1.5 text-sm ${isActive ? 'bg-slate-900 text-white' : 'text-slate-700 hover:bg-slate-100'}`
            }
          >
            {t(`content.section.${name}`)}
          </NavLink>
        ))}
      </nav>
      {section === 'faq' && <FaqSection />}
      {section === 'articles' && <ArticlesSection />}
      {section === 'about' && <AboutSection />}
      {section === 'pages' && <PagesSection />}
      {section === 'stores' && <StoresSection />}
      {section === 'campaign' && <CampaignSection />}
    </div>
  )
}
