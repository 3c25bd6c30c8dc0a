import base from '../playwright.config.ts'
export default { ...base, testDir: '.', testMatch: '**/*.shots.ts', reporter: [['list']] }
