import { afterEach, beforeEach, vi } from 'vitest'
import { cleanup } from '@testing-library/react'

// A console.error during a test fails it (Epic Stack's setup-test-env).
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error called: ${args.map(String).join(' ')}`)
  })
})
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})
