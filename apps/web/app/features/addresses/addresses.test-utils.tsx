import type { ReactElement } from 'react'
import { I18nProvider } from '~/lib/i18n-react.ts'
import { render } from '@testing-library/react'
import { createRoutesStub } from 'react-router'
import { createI18n } from '~/lib/i18n.ts'
import { testRootData, testTranslations } from '~/lib/test-utils.tsx'
import en from '~/locales/en/addresses.json'
import { contractData } from '~/test/contract-answer.ts'
import type { RegionSource } from './addresses.api.ts'

const i18n = createI18n('en', { en: { addresses: en } }, { load: false })

/** Renders with the English addresses namespace, as the root hands it to the browser. */
export function renderWithAddressesI18n(ui: ReactElement) {
  return render(ui, {
    wrapper: ({ children }) => <I18nProvider i18n={i18n}>{children}</I18nProvider>,
  })
}

/**
 * Renders like the app (data router with root loader data, so useApi and TrackedLink work) with the
 * common and addresses namespaces in English.
 */
export function renderAddressesApp(ui: ReactElement, path = '/member/address') {
  const rootData = testRootData()
  const app = createI18n('en', { en: { ...testTranslations.en, addresses: en } }, { load: false })
  const Stub = createRoutesStub([{ id: 'root', path: '*', Component: () => ui, loader: () => rootData }])
  return render(
    <I18nProvider i18n={app}>
      <Stub initialEntries={[path]} hydrationData={{ loaderData: { root: rootData } }} />
    </I18nProvider>,
  )
}

export { stubMatchMedia } from '~/lib/test-utils.tsx'

/**
 * A two-branch region tree with Kemendagri-style ids, answering at once; each list checked against
 * the contract's answer of its call (master/province, master/city, master/subdistrict, pages/village).
 */
export function fakeRegionSource(): RegionSource & { calls: string[] } {
  const calls: string[] = []
  return {
    calls,
    provinces: async () => {
      calls.push('provinces')
      return contractData('GET /api/v1/master/province', [
        { province_id: '31', province: 'DKI JAKARTA' },
        { province_id: '32', province: 'JAWA BARAT' },
      ])
    },
    cities: async (p) => {
      calls.push(`cities:${p}`)
      return contractData(
        'GET /api/v1/master/city',
        p === '31'
          ? [
              { city_id: '31.71', city: 'KOTA JAKARTA PUSAT' },
              { city_id: '31.74', city: 'KOTA JAKARTA SELATAN' },
            ]
          : [{ city_id: '32.73', city: 'KOTA BANDUNG' }],
      )
    },
    districts: async (c) => {
      calls.push(`districts:${c}`)
      return contractData(
        'GET /api/v1/master/subdistrict',
        c === '31.71'
          ? [
              { subdistrict: 'GAMBIR', destination_code: '31.71.01' },
              { subdistrict: 'SAWAH BESAR', destination_code: '31.71.02' },
            ]
          : [{ subdistrict: `DISTRICT OF ${c}`, destination_code: `${c}.01` }],
      )
    },
    villages: async (d) => {
      calls.push(`villages:${d}`)
      return contractData(
        'GET /api/v1/pages/village',
        d === '31.71.01'
          ? [
              { id: '31.71.01.1001', name: 'GAMBIR', zip_code: '10110' },
              { id: '31.71.01.1002', name: 'CIDENG', zip_code: '10150' },
            ]
          : [{ id: `${d}.1001`, name: `VILLAGE OF ${d}`, zip_code: '40111' }],
      )
    },
  }
}
