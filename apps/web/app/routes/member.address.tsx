import { AddressesPage } from '~/features/addresses/components/addresses-page.tsx'

/** /member/address: saved addresses (spec 001 section 2). The member layout guards visitors. */
export default function MemberAddressRoute() {
  return <AddressesPage />
}
