import { afterEach, describe, expect, it, vi } from 'vitest'
import { cacheLanguage, detectBrowserLanguage, LANGUAGE_STORAGE_KEY } from './language-detector.ts'

function clearCookie() {
  document.cookie = 'i18next=; max-age=0; path=/'
}

describe('browser language detection (docs/product/account.md §9)', () => {
  afterEach(() => {
    clearCookie()
    localStorage.clear()
    sessionStorage.clear()
    document.documentElement.removeAttribute('lang')
    window.history.replaceState(null, '', '/')
    vi.restoreAllMocks()
  })

  it('follows the order: query lng, cookie, localStorage, sessionStorage, navigator, html tag', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr-FR'])
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('fr-FR')
    document.documentElement.lang = 'id'
    expect(detectBrowserLanguage()).toBe('id') // only the html tag knows
    document.documentElement.lang = 'en'
    sessionStorage.setItem(LANGUAGE_STORAGE_KEY, 'id')
    expect(detectBrowserLanguage()).toBe('id')
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en')
    expect(detectBrowserLanguage()).toBe('en')
    document.cookie = 'i18next=id; path=/'
    expect(detectBrowserLanguage()).toBe('id')
    window.history.replaceState(null, '', '/?lng=en-GB')
    expect(detectBrowserLanguage()).toBe('en')
  })

  it('takes the first supported browser language, else English', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de', 'in', 'en'])
    expect(detectBrowserLanguage()).toBe('id') // 'in': the old code of Indonesian
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de'])
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('de')
    expect(detectBrowserLanguage()).toBe('en')
  })

  it('caches the language in localStorage and in the cookie the server reads', () => {
    cacheLanguage('id')
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('id')
    expect(document.cookie).toContain('i18next=id')
  })
})
