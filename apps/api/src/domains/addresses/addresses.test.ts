import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq, sql } from 'drizzle-orm'
import { MAX_ADDRESSES, type AddressBodyInput } from '@busana/contract/schemas'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { loadRegions } from '../../db/regions.ts'
import { addresses } from '../../db/schema/index.ts'
import { revokeSession, findMember } from '../../plugins/auth.ts'
import { createSignedInMember } from '../../test/member-factories.ts'

let t: TestApp
const brand9 = { 'x-brand-id': '9' }

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE'
/** A member call with the token as the product's query parameter (or a Bearer header). */
function call(method: Method, path: string, token: string | null, body?: unknown, bearer = false) {
  const url = token && !bearer ? `${path}${path.includes('?') ? '&' : '?'}token=${token}` : path
  const headers: Record<string, string> = { ...brand9 }
  if (token && bearer) headers.authorization = `Bearer ${token}`
  return t.app.inject({ method, url, headers, ...(body === undefined ? {} : { payload: body as object }) })
}

/** Gambir, Jakarta Pusat: district 31.71.01, village 31.71.01.1001, postal 10110. */
const gambir = (overrides: Partial<AddressBodyInput> = {}): AddressBodyInput => ({
  penerima: 'Siti Rahma',
  nama_alamat: 'Home',
  hp_penerima: '081234567890',
  alamat_lengkap: 'Jl. Medan Merdeka Barat No. 12, RT 01/RW 02',
  destination_code: '31.71.01',
  kode_pos: '10110',
  priority: 'second',
  id_address_village: '31.71.01.1001',
  ...overrides,
})
/** Cideng, the same district, postal 10150. */
const cideng = (overrides: Partial<AddressBodyInput> = {}) =>
  gambir({ nama_alamat: 'Office', id_address_village: '31.71.01.1002', kode_pos: '10150', ...overrides })

async function add(token: string, body: AddressBodyInput) {
  const res = await call('POST', '/api/v1/member/alamat', token, body)
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data as { id_alamat: number; priority: string }
}
async function list(token: string) {
  const res = await call('GET', '/api/v1/member/alamat', token)
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data as { id_alamat: number; priority: string; id_address_village: string | null }[]
}
async function primaries(idPelanggan: number) {
  const rows = await t.database.db
    .select({ id: addresses.idAlamat })
    .from(addresses)
    .where(and(eq(addresses.idPelanggan, idPelanggan), eq(addresses.priority, 'primary')))
  return rows.map((r) => r.id)
}

beforeAll(async () => {
  t = await buildTestApp({ seed: false })
  await loadRegions(t.database.db, { provinces: ['31', '51'] })
})

afterAll(async () => {
  await t?.close()
})

describe('authentication', () => {
  it.each([
    ['GET', '/api/v1/member/alamat'],
    ['POST', '/api/v1/member/alamat'],
    ['PATCH', '/api/v1/member/alamat/1'],
    ['DELETE', '/api/v1/member/alamat/1'],
    ['GET', '/api/v1/member/cek_alamat'],
    ['PATCH', '/api/v1/member/alamat_priority/1'],
  ] as const)('%s %s without a token: 401 CLE001 and nothing changes', async (method, path) => {
    const res = await call(method, path, null, method === 'POST' || method === 'PATCH' ? gambir() : undefined)
    expect(res.statusCode).toBe(401)
    expect(res.json()).toMatchObject({ code: 'CLE001', data: null })
  })

  it('refuses a revoked or unknown token with 401 CLE001', async () => {
    const m = await createSignedInMember(t.database.db)
    const session = await findMember(t.database.db, m.token)
    await revokeSession(t.database.db, session!.sessionId)
    expect((await call('GET', '/api/v1/member/alamat', m.token)).statusCode).toBe(401)
    expect((await call('GET', '/api/v1/member/alamat', 'not-a-token')).json().code).toBe('CLE001')
  })

  it('accepts the token as Authorization: Bearer too, and answers private, no-store', async () => {
    const m = await createSignedInMember(t.database.db)
    const res = await call('GET', '/api/v1/member/alamat', m.token, undefined, true)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ status: 200, message: 'Success', data: [] })
    expect(res.headers['cache-control']).toBe('private, no-store')
  })

  it('refuses a guest signed in by phone with 403 ADR003 (not a 401: the guest stays signed in)', async () => {
    const guest = await createSignedInMember(t.database.db, { isGuest: true })
    const res = await call('POST', '/api/v1/member/alamat', guest.token, gambir())
    expect(res.statusCode).toBe(403)
    expect(res.json().code).toBe('ADR003')
    expect((await call('GET', '/api/v1/member/alamat', guest.token)).statusCode).toBe(403)
  })
})

describe('POST /api/v1/member/alamat', () => {
  it('adds the first address as primary, with the region names, and lists it', async () => {
    const m = await createSignedInMember(t.database.db)
    const res = await call('POST', '/api/v1/member/alamat', m.token, gambir({ priority: false }))
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      status: 200,
      message: 'Address saved successfully',
      data: {
        penerima: 'Siti Rahma',
        nama_alamat: 'Home',
        hp_penerima: '081234567890',
        destination_code: '31.71.01',
        kode_pos: '10110',
        priority: 'primary',
        province_id: '31',
        province: 'DKI Jakarta',
        city_id: '31.71',
        city: 'Kota Administrasi Jakarta Pusat',
        district: 'Gambir',
        id_address_village: '31.71.01.1001',
        village: 'Gambir',
      },
    })
    const second = await add(m.token, cideng())
    expect(second.priority).toBe('second')
    const rows = await list(m.token)
    expect(rows.map((r) => r.priority)).toEqual(['primary', 'second'])
  })

  it('priority true or "primary" makes the new address primary and demotes the old one', async () => {
    const m = await createSignedInMember(t.database.db)
    const first = await add(m.token, gambir())
    const second = await add(m.token, cideng({ priority: true }))
    expect(second.priority).toBe('primary')
    const third = await add(m.token, gambir({ priority: 'primary' }))
    expect(await primaries(m.idPelanggan)).toEqual([third.id_alamat])
    const rows = await list(m.token)
    expect(rows[0]!.id_alamat).toBe(third.id_alamat)
    expect(rows.map((r) => r.id_alamat).sort()).toEqual(
      [first.id_alamat, second.id_alamat, third.id_alamat].sort(),
    )
  })

  it.each([
    ['penerima', { penerima: '' }],
    ['nama_alamat', { nama_alamat: '   ' }],
    ['hp_penerima', { hp_penerima: '0000081234567' }],
    ['hp_penerima', { hp_penerima: '0211234567' }],
    ['hp_penerima', { hp_penerima: '08123abc' }],
    ['alamat_lengkap', { alamat_lengkap: 'Jl. A' }],
    ['destination_code', { destination_code: '3171' }],
    ['kode_pos', { kode_pos: '101100' }],
    ['kode_pos', { kode_pos: '1011e' }],
    ['priority', { priority: 'main' }],
    ['id_address_village', { id_address_village: '' }],
  ] as [string, Partial<Record<keyof AddressBodyInput, unknown>>][])(
    '400 REQ001 naming %s for a malformed field, and nothing saved',
    async (field, overrides) => {
      const m = await createSignedInMember(t.database.db)
      const res = await call('POST', '/api/v1/member/alamat', m.token, { ...gambir(), ...overrides })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({ code: 'REQ001', data: null })
      expect(res.json().message).toContain(`'${field}'`)
      expect(res.json().errors[0].field).toBe(field)
      expect(await list(m.token)).toEqual([])
    },
  )

  it('takes the phone as 8…, 08…, 628… or +628… and stores 08…; refuses what is not a mobile number', async () => {
    const m = await createSignedInMember(t.database.db)
    for (const sent of ['81234567890', '6281234567890', '+62 812-3456-7890']) {
      const res = await call(
        'PATCH',
        `/api/v1/member/alamat/${(await add(m.token, gambir())).id_alamat}`,
        m.token,
        {
          ...gambir(),
          hp_penerima: sent,
        },
      )
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json().data.hp_penerima).toBe('081234567890')
    }
    const stored = await t.database.db
      .select({ hp: addresses.hpPenerima })
      .from(addresses)
      .where(eq(addresses.idPelanggan, m.idPelanggan))
    expect(new Set(stored.map((row) => row.hp))).toEqual(new Set(['081234567890']))
    for (const bad of ['0000081234567', '0211234567', '+14155550100']) {
      const res = await call('POST', '/api/v1/member/alamat', m.token, gambir({ hp_penerima: bad }))
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({ code: 'REQ001', errors: [{ field: 'hp_penerima' }] })
    }
  })

  it('400 naming the field when one is missing, or the body is not JSON', async () => {
    const m = await createSignedInMember(t.database.db)
    const { id_address_village: _omitted, ...withoutVillage } = gambir()
    const res = await call('POST', '/api/v1/member/alamat', m.token, withoutVillage)
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toContain("'id_address_village'")
    const notJson = await t.app.inject({
      method: 'POST',
      url: `/api/v1/member/alamat?token=${m.token}`,
      headers: { ...brand9, 'content-type': 'application/json' },
      payload: '{"penerima":',
    })
    expect(notJson.statusCode).toBe(400)
  })

  it('422 ADR002 when the region does not match: village of another district, wrong kode_pos, unknown village', async () => {
    const m = await createSignedInMember(t.database.db)
    const otherDistrict = await call(
      'POST',
      '/api/v1/member/alamat',
      m.token,
      gambir({ destination_code: '31.71.02' }),
    )
    expect(otherDistrict.statusCode).toBe(422)
    expect(otherDistrict.json()).toMatchObject({ code: 'ADR002' })
    expect(otherDistrict.json().message).toContain("'id_address_village'")
    const wrongZip = await call('POST', '/api/v1/member/alamat', m.token, gambir({ kode_pos: '10150' }))
    expect(wrongZip.statusCode).toBe(422)
    expect(wrongZip.json().message).toContain("'kode_pos'")
    const unknown = await call(
      'POST',
      '/api/v1/member/alamat',
      m.token,
      gambir({ id_address_village: '31.71.01.9999' }),
    )
    expect(unknown.statusCode).toBe(422)
    expect(await list(m.token)).toEqual([])
  })

  it(`refuses more than ${MAX_ADDRESSES} addresses with 422 ADR004`, async () => {
    const m = await createSignedInMember(t.database.db)
    await t.database.db.insert(addresses).values(
      Array.from({ length: MAX_ADDRESSES }, (_, i) => ({
        idPelanggan: m.idPelanggan,
        penerima: 'R',
        namaAlamat: `L${i}`,
        hpPenerima: '081234567890',
        alamatLengkap: 'Jl. Panjang sekali 1',
        destinationCode: '31.71.01',
        kodePos: '10110',
        idAddressVillage: '31.71.01.1001',
        priority: i === 0 ? 'primary' : 'second',
      })),
    )
    const res = await call('POST', '/api/v1/member/alamat', m.token, gambir())
    expect(res.statusCode).toBe(422)
    expect(res.json().code).toBe('ADR004')
  })
})

describe("another member's addresses", () => {
  it('are not listed, and PATCH, DELETE and priority on them answer 404 ADR001 without change', async () => {
    const owner = await createSignedInMember(t.database.db)
    const intruder = await createSignedInMember(t.database.db)
    const a = await add(owner.token, gambir())
    const b = await add(owner.token, cideng())
    await add(intruder.token, gambir())

    const intruderList = await list(intruder.token)
    expect(intruderList.map((r) => r.id_alamat)).not.toContain(a.id_alamat)

    const patch = await call(
      'PATCH',
      `/api/v1/member/alamat/${a.id_alamat}`,
      intruder.token,
      cideng({ penerima: 'X' }),
    )
    expect(patch.statusCode).toBe(404)
    expect(patch.json()).toMatchObject({ code: 'ADR001', message: 'Address not found', data: null })
    expect((await call('DELETE', `/api/v1/member/alamat/${a.id_alamat}`, intruder.token)).statusCode).toBe(
      404,
    )
    expect(
      (await call('PATCH', `/api/v1/member/alamat_priority/${b.id_alamat}`, intruder.token)).statusCode,
    ).toBe(404)

    const ownerList = await list(owner.token)
    expect(ownerList).toHaveLength(2)
    expect(ownerList[0]).toMatchObject({
      id_alamat: a.id_alamat,
      priority: 'primary',
      penerima: 'Siti Rahma',
    })
    expect(await primaries(intruder.idPelanggan)).toHaveLength(1)
  })

  it.each(['abc', '0x1', '-1', '1.5', '99999999999', '%27%20or%201%3D1'])(
    'a non-numeric or impossible id (%s) answers 404, never 400 or 500',
    async (id) => {
      const m = await createSignedInMember(t.database.db)
      for (const [method, path, body] of [
        ['PATCH', `/api/v1/member/alamat/${id}`, gambir()],
        ['DELETE', `/api/v1/member/alamat/${id}`, undefined],
        ['PATCH', `/api/v1/member/alamat_priority/${id}`, undefined],
      ] as const) {
        const res = await call(method, path, m.token, body)
        expect(res.statusCode, `${method} ${path}`).toBe(404)
        expect(res.json().code).toBe('ADR001')
      }
    },
  )
})

describe('PATCH /api/v1/member/alamat/{id}', () => {
  it('replaces the fields and can move the address to another village', async () => {
    const m = await createSignedInMember(t.database.db)
    const a = await add(m.token, gambir())
    const res = await call(
      'PATCH',
      `/api/v1/member/alamat/${a.id_alamat}`,
      m.token,
      cideng({ penerima: 'Budi', nama_alamat: 'Kost', alamat_lengkap: 'Jl. Cideng Barat No. 5' }),
    )
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      message: 'Address updated successfully',
      data: {
        id_alamat: a.id_alamat,
        penerima: 'Budi',
        nama_alamat: 'Kost',
        village: 'Cideng',
        kode_pos: '10150',
      },
    })
  })

  it('priority true makes it primary; priority false keeps the primary primary', async () => {
    const m = await createSignedInMember(t.database.db)
    const a = await add(m.token, gambir())
    const b = await add(m.token, cideng())
    await call('PATCH', `/api/v1/member/alamat/${b.id_alamat}`, m.token, cideng({ priority: true }))
    expect(await primaries(m.idPelanggan)).toEqual([b.id_alamat])
    const keep = await call(
      'PATCH',
      `/api/v1/member/alamat/${b.id_alamat}`,
      m.token,
      cideng({ priority: 'second' }),
    )
    expect(keep.json().data.priority).toBe('primary')
    expect(await primaries(m.idPelanggan)).toEqual([b.id_alamat])
    expect((await list(m.token)).find((r) => r.id_alamat === a.id_alamat)?.priority).toBe('second')
  })

  it('validates the body like POST (400 naming the field, 422 for a region mismatch)', async () => {
    const m = await createSignedInMember(t.database.db)
    const a = await add(m.token, gambir())
    const bad = await call(
      'PATCH',
      `/api/v1/member/alamat/${a.id_alamat}`,
      m.token,
      gambir({ hp_penerima: '12' }),
    )
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toContain("'hp_penerima'")
    const mismatch = await call(
      'PATCH',
      `/api/v1/member/alamat/${a.id_alamat}`,
      m.token,
      gambir({ kode_pos: '80361' }),
    )
    expect(mismatch.statusCode).toBe(422)
    expect((await list(m.token))[0]).toMatchObject({ kode_pos: '10110' })
  })
})

describe('DELETE /api/v1/member/alamat/{id}', () => {
  it('deletes a second address; deleting the primary promotes the oldest remaining one', async () => {
    const m = await createSignedInMember(t.database.db)
    const a = await add(m.token, gambir())
    const b = await add(m.token, cideng())
    const c = await add(m.token, gambir({ nama_alamat: 'Apartment' }))
    const del = await call('DELETE', `/api/v1/member/alamat/${c.id_alamat}`, m.token)
    expect(del.statusCode).toBe(200)
    expect(del.json()).toEqual({
      status: 200,
      message: 'Address deleted successfully',
      data: { id_alamat: c.id_alamat },
    })
    await call('DELETE', `/api/v1/member/alamat/${a.id_alamat}`, m.token)
    expect(await primaries(m.idPelanggan)).toEqual([b.id_alamat])
    await call('DELETE', `/api/v1/member/alamat/${b.id_alamat}`, m.token)
    expect(await list(m.token)).toEqual([])
    // Deleting twice: not found.
    expect((await call('DELETE', `/api/v1/member/alamat/${b.id_alamat}`, m.token)).statusCode).toBe(404)
  })
})

describe('PATCH /api/v1/member/alamat_priority/{id}', () => {
  it('swaps the primary address and leaves exactly one', async () => {
    const m = await createSignedInMember(t.database.db)
    const a = await add(m.token, gambir())
    const b = await add(m.token, cideng())
    const res = await call('PATCH', `/api/v1/member/alamat_priority/${b.id_alamat}`, m.token)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      message: 'Primary address updated successfully',
      data: { id_alamat: b.id_alamat, priority: 'primary' },
    })
    expect(await primaries(m.idPelanggan)).toEqual([b.id_alamat])
    // Making the primary primary again changes nothing.
    await call('PATCH', `/api/v1/member/alamat_priority/${b.id_alamat}`, m.token)
    await call('PATCH', `/api/v1/member/alamat_priority/${a.id_alamat}`, m.token)
    expect(await primaries(m.idPelanggan)).toEqual([a.id_alamat])
    expect((await list(m.token)).map((r) => r.id_alamat)).toEqual([a.id_alamat, b.id_alamat])
  })

  it('concurrent priority changes and adds still leave exactly one primary', async () => {
    const m = await createSignedInMember(t.database.db)
    const ids: number[] = []
    for (let i = 0; i < 6; i++) ids.push((await add(m.token, i % 2 ? cideng() : gambir())).id_alamat)
    const results = await Promise.all([
      ...ids.flatMap((id) => [
        call('PATCH', `/api/v1/member/alamat_priority/${id}`, m.token),
        call('PATCH', `/api/v1/member/alamat_priority/${id}`, m.token),
      ]),
      call('POST', '/api/v1/member/alamat', m.token, gambir({ priority: true })),
      call('POST', '/api/v1/member/alamat', m.token, cideng({ priority: true })),
      call('DELETE', `/api/v1/member/alamat/${ids[0]}`, m.token),
    ])
    expect(results.map((r) => r.statusCode).filter((s) => s !== 200 && s !== 404)).toEqual([])
    expect(await primaries(m.idPelanggan)).toHaveLength(1)
    expect((await list(m.token)).filter((r) => r.priority === 'primary')).toHaveLength(1)
  })
})

describe('bodiless calls', () => {
  it('DELETE and alamat_priority accept an empty body sent as application/json', async () => {
    const m = await createSignedInMember(t.database.db)
    const a = await add(m.token, gambir())
    const b = await add(m.token, cideng())
    const json = { ...brand9, 'content-type': 'application/json' }
    const primary = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/member/alamat_priority/${b.id_alamat}?token=${m.token}`,
      headers: json,
    })
    expect(primary.statusCode).toBe(200)
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/member/alamat/${a.id_alamat}?token=${m.token}`,
      headers: json,
    })
    expect(del.statusCode).toBe(200)
    // An empty POST body is still a 400 naming the first missing field.
    const empty = await t.app.inject({
      method: 'POST',
      url: `/api/v1/member/alamat?token=${m.token}`,
      headers: json,
    })
    expect(empty.statusCode).toBe(400)
    expect(empty.json().code).toBe('REQ001')
    const poisoned = await t.app.inject({
      method: 'POST',
      url: `/api/v1/member/alamat?token=${m.token}`,
      headers: json,
      payload: '{"__proto__":{"admin":true}}',
    })
    expect(poisoned.statusCode).toBe(400)
  })
})

describe('GET /api/v1/member/cek_alamat', () => {
  it('need_update is false with complete addresses and true when an older one lacks a village', async () => {
    const m = await createSignedInMember(t.database.db)
    const empty = await call('GET', '/api/v1/member/cek_alamat', m.token)
    expect(empty.json()).toEqual({ status: 200, message: 'Success', data: { need_update: false } })
    await add(m.token, gambir())
    expect((await call('GET', '/api/v1/member/cek_alamat', m.token)).json().data.need_update).toBe(false)

    // An address saved before sub-districts existed: no id_address_village.
    const [old] = await t.database.db
      .insert(addresses)
      .values({
        idPelanggan: m.idPelanggan,
        penerima: 'Old',
        namaAlamat: 'Home',
        hpPenerima: '081234567890',
        alamatLengkap: 'Jl. Lama No. 1, Gambir',
        destinationCode: '31.71.01',
        kodePos: '10110',
        priority: 'second',
      })
      .returning({ id: addresses.idAlamat })
    expect((await call('GET', '/api/v1/member/cek_alamat', m.token)).json().data).toEqual({
      need_update: true,
    })
    const listed = (await list(m.token)).find((r) => r.id_alamat === old!.id)
    expect(listed).toMatchObject({ id_address_village: null, village: null, district: 'Gambir' })

    // Completing it with a village clears the flag.
    await call('PATCH', `/api/v1/member/alamat/${old!.id}`, m.token, gambir())
    expect((await call('GET', '/api/v1/member/cek_alamat', m.token)).json().data.need_update).toBe(false)
  })

  it("only looks at the member's own addresses", async () => {
    const other = await createSignedInMember(t.database.db)
    await t.database.db.execute(
      sql`insert into addresses (id_pelanggan, penerima, nama_alamat, hp_penerima, alamat_lengkap, destination_code, kode_pos, priority)
          values (${other.idPelanggan}, 'X', 'Home', '081234567890', 'Jl. Lain No. 2', '31.71.01', '10110', 'primary')`,
    )
    const m = await createSignedInMember(t.database.db)
    expect((await call('GET', '/api/v1/member/cek_alamat', m.token)).json().data.need_update).toBe(false)
    expect((await call('GET', '/api/v1/member/cek_alamat', other.token)).json().data.need_update).toBe(true)
  })
})
