import type { ReactNode } from 'react'
import { render } from '@testing-library/react'
import { createRoutesStub } from 'react-router'
import { I18nProvider } from '~/lib/i18n-react.ts'
import { createI18n, type Language, type Translations } from './i18n.ts'
import type { RootData } from './root-data.ts'
import enCommon from '~/locales/en/common.json'
import idCommon from '~/locales/id/common.json'

/** Both languages' common strings, as the root loader would hand them over. */
export const testTranslations: Translations = { en: { common: enCommon }, id: { common: idCommon } }

/** Root loader data for component tests: empty shell data, main brand. */
export function testRootData(overrides: Partial<RootData> = {}): RootData {
  return {
    site: null,
    menu: [],
    isChild: false,
    publicConfig: { BRAND_ID: 9, PUBLIC_URL: 'http://localhost', NODE_ENV: 'test' },
    lng: 'en',
    translations: testTranslations,
    now: Date.parse('2026-01-01T00:00:00+07:00'),
    ...overrides,
  }
}

/**
 * Renders `ui` as the storefront does: inside a data router whose root route carries the root
 * loader data (TrackedLink, useApi and useNow read it) and with the app's i18n instance.
 */
export function renderWithApp(
  ui: ReactNode,
  options: { path?: string; lng?: Language; rootData?: Partial<RootData> } = {},
) {
  const rootData = testRootData({ lng: options.lng ?? 'en', ...options.rootData })
  const i18n = createI18n(rootData.lng, rootData.translations ?? testTranslations, { load: false })
  const Stub = createRoutesStub([
    { id: 'root', path: '*', Component: () => <>{ui}</>, loader: () => rootData },
  ])
  return {
    i18n,
    ...render(
      <I18nProvider i18n={i18n}>
        <Stub initialEntries={[options.path ?? '/']} hydrationData={{ loaderData: { root: rootData } }} />
      </I18nProvider>,
    ),
  }
}

/** A controllable IntersectionObserver for jsdom: `intersect()` fires every observed element. */
export function installIntersectionObserver() {
  const observers = new Set<{ callback: IntersectionObserverCallback; elements: Set<Element> }>()
  class FakeIntersectionObserver {
    private entry: { callback: IntersectionObserverCallback; elements: Set<Element> }
    constructor(callback: IntersectionObserverCallback) {
      this.entry = { callback, elements: new Set() }
      observers.add(this.entry)
    }
    observe(element: Element) {
      this.entry.elements.add(element)
    }
    unobserve(element: Element) {
      this.entry.elements.delete(element)
    }
    disconnect() {
      observers.delete(this.entry)
    }
    takeRecords() {
      return []
    }
  }
  const original = globalThis.IntersectionObserver
  globalThis.IntersectionObserver = FakeIntersectionObserver as unknown as typeof IntersectionObserver
  return {
    intersect() {
      for (const { callback, elements } of [...observers]) {
        const entries = [...elements].map(
          (target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry,
        )
        if (entries.length) callback(entries, {} as IntersectionObserver)
      }
    },
    get count() {
      return observers.size
    },
    restore() {
      globalThis.IntersectionObserver = original
    },
  }
}

/** window.matchMedia for jsdom: every query matches when `wide` (the laptop layout, 1024 px and wider). */
export function stubMatchMedia(wide: boolean) {
  return (query: string) =>
    ({
      matches: wide,
      media: query,
      addEventListener() {},
      removeEventListener() {},
    }) as unknown as MediaQueryList
}
