import base from '../playwright.config.ts'

/**
 * `npm run shots`: screenshots of every screen at 390 px and 1280 px, for a person to look at
 * (not a test: nothing is asserted beyond reaching each screen). Written to ../../screenshots/
 * (SCREENSHOT_DIR overrides), which git ignores.
 */
export default { ...base, testDir: '.', testMatch: '**/*.shots.ts', retries: 0, reporter: [['list']] }
