import i18n from 'i18next'
import { initReactI18next } from 'react-i18next'
import { en } from '../locales/en.ts'
import { id } from '../locales/id.ts'

/** The back office speaks Indonesian and English, like the storefront; the choice is kept on this browser. */
export const LANGUAGE_KEY = 'busana-admin-language'

const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem(LANGUAGE_KEY)
const browser = typeof navigator === 'undefined' ? 'id' : navigator.language

const language = stored === 'en' || stored === 'id' ? stored : browser.startsWith('en') ? 'en' : 'id'

void i18n.use(initReactI18next).init({
  resources: { en: { translation: en }, id: { translation: id } },
  lng: language,
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
})
// The page says the language it speaks from the start, not only after a change (issue 29: WCAG
// 3.1.1; index.html ships lang="id"), so a screen reader reads English screens as English.
if (typeof document !== 'undefined') document.documentElement.lang = language

export function setLanguage(language: 'en' | 'id') {
  localStorage.setItem(LANGUAGE_KEY, language)
  document.documentElement.lang = language
  void i18n.changeLanguage(language)
}

export default i18n
