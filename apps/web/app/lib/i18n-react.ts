import {
  createContext,
  createElement,
  use,
  useContext,
  useMemo,
  useSyncExternalStore,
  type ReactNode,
} from 'react'
import { DEFAULT_MESSAGE_LANGUAGE, messageLanguageOf, type Localized } from '@busana/contract'
import { DEFAULT_NAMESPACE, type I18n } from './i18n.ts'

const I18nContext = createContext<I18n | null>(null)

/** Gives the app's translator to every `useTranslation` below (the root's Layout; tests). */
export function I18nProvider({ i18n, children }: { i18n: I18n; children?: ReactNode }) {
  return createElement(I18nContext.Provider, { value: i18n }, children)
}

/** The translator the root provides. */
export function useI18n(): I18n {
  const i18n = useContext(I18nContext)
  if (!i18n) throw new Error('useTranslation needs an <I18nProvider> above it')
  return i18n
}

/**
 * `const { t, i18n } = useTranslation('product')`: `t` in the current language and the namespace
 * (the shell's `common` when none is given); re-renders when the language changes or a namespace
 * arrives. A namespace not loaded yet (an overlay's, or the next route's on a client-side
 * navigation) suspends the component until its chunk is in: navigations are transitions, so the
 * old page stays until then, and overlays sit in Suspense boundaries. No raw key shows meanwhile.
 */
export function useTranslation(ns: string = DEFAULT_NAMESPACE) {
  const i18n = useI18n()
  const lng = useSyncExternalStore(
    i18n.subscribe,
    () => i18n.language,
    () => i18n.language,
  )
  const t = useMemo(() => i18n.getFixedT(lng, ns), [i18n, lng, ns])
  use(i18n.ready(lng, ns))
  return { t, i18n, ready: true as const }
}

/**
 * `const say = useSay()`: a contract message (`Localized`, e.g. WISHLIST_MESSAGES.added) in the
 * page's language, for the toasts the storefront shows without the server's message.
 */
export function useSay(): (text: Localized) => string {
  const i18n = useI18n()
  const lng = useSyncExternalStore(
    i18n.subscribe,
    () => i18n.language,
    () => i18n.language,
  )
  return useMemo(() => {
    const language = messageLanguageOf(lng) ?? DEFAULT_MESSAGE_LANGUAGE
    return (text: Localized) => text[language]
  }, [lng])
}
