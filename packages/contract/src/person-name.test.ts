import { describe, expect, it } from 'vitest'
import { isPersonName, plainShopperText } from './person-name.ts'
import { RegisterBodySchema } from './members/members.schemas.ts'
import { localiseValidationMessage } from './validation-messages.ts'

/** Issue 38: the one name rule (members, guests, recipients) and the inert text of shop messages. */
describe('isPersonName', () => {
  it.each([
    'Dewi',
    'R.A. Kartini',
    'M. Rizky',
    "Ma'ruf Amin",
    'Siti Nur-Hidayah',
    'Budi Santoso, S.E.',
    'Rina Wulandari, S.Kom.',
    'Dr. Ahmad, M.Sc.',
    'Agus S.Pd',
    'Yanti, A.Md.',
    'Ni Luh Putu Ayu',
    'Ngurah Rai (kantor)',
    'Dési Ratnasari',
    'Ṣāliḥ',
  ])('keeps the real name %s', (name) => expect(isPersonName(name)).toBe(true))

  it.each([
    'Pelanggan. *PEMBAYARAN GAGAL* bayar ulang di evil.example/pay',
    'evil.example/pay',
    'x.yz',
    'toko.id',
    'Budi toko.id',
    'S.Kom.evil.example',
    'http://a',
    'https evil',
    'www.evil',
    'budi@example.test',
    'Budi *LUNAS*',
    '_miring_',
    '~coret~',
    'kode `x`',
    '<b>Budi</b>',
    '> Budi',
    '[klik](x)',
    'Budi ＊LUNAS＊',
    'evil\u200b.example',
    'evil．example',
  ])('refuses %s', (name) => expect(isPersonName(name)).toBe(false))
})

describe('the name in a request', () => {
  it('is a 400 naming the field, in English and Indonesian', () => {
    const parsed = RegisterBodySchema.safeParse({
      nama_pelanggan: 'Budi *LUNAS* di evil.example',
      password: 'Rahasia123',
      confirm_password: 'Rahasia123',
      email: 'budi@example.test',
      hp: '081234567890',
      tanggal_lahir: '1990-01-01',
    })
    expect(parsed.success).toBe(false)
    const issue = parsed.error!.issues[0]!
    expect(issue.path).toEqual(['nama_pelanggan'])
    const message = `Invalid body field 'nama_pelanggan': ${issue.message}`
    expect(message).toContain('without links')
    expect(localiseValidationMessage(message, 'id')).toBe(
      "Isian 'nama_pelanggan' tidak valid: harus berupa nama, tanpa tautan, alamat web, atau * _ ~ ` < > [ ]",
    )
  })
})

describe('plainShopperText', () => {
  it('removes formatting and breaks links, keeping the words', () => {
    expect(plainShopperText('Pelanggan. *PEMBAYARAN GAGAL* bayar ulang di evil.example/pay')).toBe(
      'Pelanggan. PEMBAYARAN GAGAL bayar ulang di evil. example/pay',
    )
    expect(plainShopperText('lihat https://evil.example')).toBe('lihat https: //evil. example')
    expect(plainShopperText('Jl. Merdeka No.5/B')).toBe('Jl. Merdeka No. 5/B')
    expect(plainShopperText('R.A. Kartini')).toBe('R. A. Kartini')
    expect(plainShopperText('evil\u200b．example')).toBe('evil. example')
  })
})
