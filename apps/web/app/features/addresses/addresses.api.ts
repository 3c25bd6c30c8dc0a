import type { ApiClient } from '~/lib/api-client.ts'
import type {
  Address,
  AddressBodyInput,
  CityOption,
  DistrictOption,
  ProvinceOption,
  VillageOption,
} from '@busana/contract'

// The contract's types (type-only: no zod reaches the browser). An Address has province_id,
// city_id and a nullable id_address_village (older addresses lack it, docs/product/account.md §2).
export type { Address, CityOption, DistrictOption, ProvinceOption, VillageOption }

/** The body of POST /api/v1/member/alamat and PATCH /api/v1/member/alamat/{id} (docs/product/account.md §7). */
export type AddressPayload = AddressBodyInput & { priority: 'primary' | 'second' }

/** Where the cascade reads its options; the API by default, a fake in tests. */
export interface RegionSource {
  provinces(): Promise<ProvinceOption[]>
  cities(provinceId: string): Promise<CityOption[]>
  districts(cityId: string): Promise<DistrictOption[]>
  villages(destinationCode: string): Promise<VillageOption[]>
}

// Region lists never change between deployments of the data package: keep each answer for the
// page's life (the server marks them cacheable too). One cache per list, so each keeps its type.
function listCache<T>() {
  const cache = new Map<string, Promise<T[]>>()
  return (key: string, load: () => Promise<T[]>): Promise<T[]> => {
    let hit = cache.get(key)
    if (!hit) {
      hit = load()
      cache.set(key, hit)
      // A failed load is not kept: the next selection asks again.
      hit.catch(() => cache.delete(key))
    }
    return hit
  }
}
const cachedProvinces = listCache<ProvinceOption>()
const cachedCities = listCache<CityOption>()
const cachedDistricts = listCache<DistrictOption>()
const cachedVillages = listCache<VillageOption>()

async function list<T>(api: ApiClient, path: string, query?: Record<string, string>): Promise<T[]> {
  const answer = await api.request<T[] | null>(path, { query })
  return Array.isArray(answer.data) ? answer.data : []
}

/** The cascade's option lists from the API (docs/product/account.md §7, /master/* and /pages/village). */
export function apiRegionSource(api: ApiClient): RegionSource {
  return {
    provinces: () => cachedProvinces('', () => list(api, '/api/v1/master/province')),
    cities: (province) => cachedCities(province, () => list(api, '/api/v1/master/city', { province })),
    districts: (city) => cachedDistricts(city, () => list(api, '/api/v1/master/subdistrict', { city })),
    villages: (code) =>
      cachedVillages(code, () => list(api, '/api/v1/pages/village', { destination_code: code })),
  }
}

/** GET /api/v1/member/alamat: the member's saved addresses (token as query, docs/product/account.md §6). */
export function fetchAddresses(api: ApiClient, token: string, signal?: AbortSignal): Promise<Address[]> {
  return api
    .request<Address[] | null>('/api/v1/member/alamat', { query: { token }, signal })
    .then((answer) => answer.data ?? [])
}

/** GET /api/v1/member/cek_alamat: true when an address lacks its sub-district. Silent: the banner is a hint. */
export async function fetchNeedUpdate(api: ApiClient, token: string): Promise<boolean> {
  const answer = await api.request<{ need_update?: boolean } | null>('/api/v1/member/cek_alamat', {
    query: { token },
    silent: true,
  })
  return answer.data?.need_update === true
}

/** POST (no id) or PATCH /api/v1/member/alamat/{id}; resolves to the server's message. */
export async function saveAddress(
  api: ApiClient,
  token: string,
  payload: AddressPayload,
  id?: number | string,
): Promise<string> {
  const answer = await api.request(
    id === undefined ? '/api/v1/member/alamat' : `/api/v1/member/alamat/${encodeURIComponent(String(id))}`,
    { method: id === undefined ? 'POST' : 'PATCH', query: { token }, body: payload },
  )
  return answer.message ?? ''
}

/** DELETE /api/v1/member/alamat/{id}; resolves to the server's message. */
export async function deleteAddress(api: ApiClient, token: string, id: number | string): Promise<string> {
  const answer = await api.request(`/api/v1/member/alamat/${encodeURIComponent(String(id))}`, {
    method: 'DELETE',
    query: { token },
  })
  return answer.message ?? ''
}

/** PATCH /api/v1/member/alamat_priority/{id}: makes this address the one primary address. */
export async function makePrimaryAddress(
  api: ApiClient,
  token: string,
  id: number | string,
): Promise<string> {
  const answer = await api.request(`/api/v1/member/alamat_priority/${encodeURIComponent(String(id))}`, {
    method: 'PATCH',
    query: { token },
  })
  return answer.message ?? ''
}
