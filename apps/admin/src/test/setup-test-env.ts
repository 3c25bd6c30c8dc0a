import { afterEach, beforeEach, vi } from 'vitest'
import { cleanup } from '@testing-library/react'
import i18n from '../lib/i18n.ts'

// The screens' texts in English, whatever the machine's language (the journeys read them in English too).
beforeEach(async () => {
  await i18n.changeLanguage('en')
})

// A console.error during a test fails it (Epic Stack's setup-test-env, as in the storefront).
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error called: ${args.map(String).join(' ')}`)
  })
})
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})
