import { z } from 'zod'
import { CONTROL_CHARACTER_MESSAGE, ONE_LINE, personName } from '../text.ts'
import { envelopeSchema } from '../envelope.schemas.ts'
import { DestinationCodeSchema, VillageIdSchema } from '../regions/regions.schemas.ts'
import { PhoneSchema } from '../members/members.schemas.ts'
import { ADDRESS_LABEL_MAX_LENGTH, ADDRESS_MIN_LENGTH, POSTAL_CODE_PATTERN } from './addresses.rules.ts'

/**
 * `priority` of the address payload: true or 'primary' asks for the primary address; false,
 * 'second' or absent leave it a second one (docs/product/account.md §4: the form's priority is true when
 * 'primary'). Parsed to a boolean.
 */
export const AddressPrioritySchema = z
  .union([z.boolean(), z.enum(['primary', 'second', 'true', 'false'])])
  .optional()
  .transform((value) => value === true || value === 'primary' || value === 'true')

/** Body of POST /api/v1/member/alamat and PATCH /api/v1/member/alamat/{id} (docs/product/account.md §7). */
export const AddressBodySchema = z.object({
  penerima: personName(),
  nama_alamat: z
    .string()
    .trim()
    .min(1, 'is required')
    .max(ADDRESS_LABEL_MAX_LENGTH, `must be at most ${ADDRESS_LABEL_MAX_LENGTH} characters`)
    .regex(ONE_LINE, CONTROL_CHARACTER_MESSAGE),
  hp_penerima: PhoneSchema,
  alamat_lengkap: z
    .string()
    .trim()
    .min(ADDRESS_MIN_LENGTH, `must be at least ${ADDRESS_MIN_LENGTH} characters`)
    .max(500, 'must be at most 500 characters'),
  destination_code: DestinationCodeSchema,
  kode_pos: z.string().trim().regex(POSTAL_CODE_PATTERN, 'must be 5 digits'),
  priority: AddressPrioritySchema,
  id_address_village: VillageIdSchema,
})
export type AddressBody = z.infer<typeof AddressBodySchema>
export type AddressBodyInput = z.input<typeof AddressBodySchema>

/** Path of the calls on one address; any string, so a non-numeric id answers 404, not 400. */
export const AddressParamsSchema = z.object({ id: z.string() })

/** A saved address as GET /api/v1/member/alamat lists it (docs/product/account.md §3). */
export const AddressSchema = z.object({
  id_alamat: z.number().int(),
  penerima: z.string(),
  nama_alamat: z.string(),
  hp_penerima: z.string(),
  alamat_lengkap: z.string(),
  destination_code: z.string(),
  kode_pos: z.string(),
  priority: z.enum(['primary', 'second']),
  province_id: z.string(),
  province: z.string(),
  city_id: z.string(),
  city: z.string(),
  district: z.string(),
  /** Null on older addresses: they need updating (cek_alamat). */
  id_address_village: z.string().nullable(),
  /** The sub-district's name, null with id_address_village. */
  village: z.string().nullable(),
})
export type Address = z.infer<typeof AddressSchema>

export const AddressListResponseSchema = envelopeSchema(z.array(AddressSchema))
export const AddressResponseSchema = envelopeSchema(AddressSchema)
export const AddressDeletedResponseSchema = envelopeSchema(z.object({ id_alamat: z.number().int() }))
/** GET /api/v1/member/cek_alamat: need_update when an address lacks its sub-district. */
export const AddressCheckResponseSchema = envelopeSchema(z.object({ need_update: z.boolean() }))
