import { describe, expect, it } from 'vitest'
import { ADDRESS_LABEL_MAX_LENGTH, ADDRESS_MIN_LENGTH, POSTAL_CODE_PATTERN } from './addresses.rules.ts'
import { AddressBodySchema } from './addresses.schemas.ts'

const body = {
  penerima: 'Sari',
  nama_alamat: 'Home',
  hp_penerima: '081234567890',
  alamat_lengkap: 'Jl. Merdeka 1',
  destination_code: '31.71.01',
  kode_pos: '10110',
  id_address_village: '31.71.01.1001',
}

describe('address rules (docs/product/account.md §5 and 9)', () => {
  it('takes postal codes of exactly five digits', () => {
    expect(POSTAL_CODE_PATTERN.test('10110')).toBe(true)
    expect(POSTAL_CODE_PATTERN.test('1011')).toBe(false)
    expect(POSTAL_CODE_PATTERN.test('101100')).toBe(false)
    expect(POSTAL_CODE_PATTERN.test('1011a')).toBe(false)
  })

  it('are the bounds the API checks', () => {
    expect(AddressBodySchema.safeParse(body).success).toBe(true)
    const street = 'x'.repeat(ADDRESS_MIN_LENGTH)
    expect(AddressBodySchema.safeParse({ ...body, alamat_lengkap: street }).success).toBe(true)
    expect(AddressBodySchema.safeParse({ ...body, alamat_lengkap: street.slice(1) }).success).toBe(false)
    const label = 'x'.repeat(ADDRESS_LABEL_MAX_LENGTH)
    expect(AddressBodySchema.safeParse({ ...body, nama_alamat: label }).success).toBe(true)
    expect(AddressBodySchema.safeParse({ ...body, nama_alamat: `${label}x` }).success).toBe(false)
    expect(AddressBodySchema.safeParse({ ...body, hp_penerima: '0812345' }).success).toBe(false)
  })
})
