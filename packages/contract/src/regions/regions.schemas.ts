import { z } from 'zod'
import { envelopeSchema } from '../envelope.schemas.ts'

/**
 * Indonesian regions for the address cascade (docs/product/account.md §3 and 7). Ids are the Kemendagri
 * codes: province '31', city '31.71', district '31.71.01' (the shipping `destination_code`),
 * village '31.71.01.1001'.
 */
export const ProvinceIdSchema = z
  .string()
  .trim()
  .regex(/^\d{2}$/, "must be a province id such as '31'")
export const CityIdSchema = z
  .string()
  .trim()
  .regex(/^\d{2}\.\d{2}$/, "must be a city id such as '31.71'")
export const DestinationCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{2}\.\d{2}\.\d{2}$/, "must be a district code such as '31.71.01'")
export const VillageIdSchema = z
  .string()
  .trim()
  .regex(/^\d{2}\.\d{2}\.\d{2}\.\d{4}$/, "must be a sub-district id such as '31.71.01.1001'")

/** GET /api/v1/master/city?province= */
export const CityQuerySchema = z.object({ province: ProvinceIdSchema })
/** GET /api/v1/master/subdistrict?city= */
export const DistrictQuerySchema = z.object({ city: CityIdSchema })
/** GET /api/v1/pages/village?destination_code= */
export const VillageQuerySchema = z.object({ destination_code: DestinationCodeSchema })

/** Province option: carries province (docs/product/account.md §3) and its id for the next call. */
export const ProvinceOptionSchema = z.object({ province_id: z.string(), province: z.string() })
export type ProvinceOption = z.infer<typeof ProvinceOptionSchema>
/** City option: carries city and its id. */
export const CityOptionSchema = z.object({ city_id: z.string(), city: z.string() })
export type CityOption = z.infer<typeof CityOptionSchema>
/** District option: carries subdistrict (its name) and destination_code (its id). */
export const DistrictOptionSchema = z.object({ subdistrict: z.string(), destination_code: z.string() })
export type DistrictOption = z.infer<typeof DistrictOptionSchema>
/** Sub-district (village) option: name, id and zip_code (fills the postal code). */
export const VillageOptionSchema = z.object({ id: z.string(), name: z.string(), zip_code: z.string() })
export type VillageOption = z.infer<typeof VillageOptionSchema>

export const ProvinceListResponseSchema = envelopeSchema(z.array(ProvinceOptionSchema))
export const CityListResponseSchema = envelopeSchema(z.array(CityOptionSchema))
export const DistrictListResponseSchema = envelopeSchema(z.array(DistrictOptionSchema))
export const VillageListResponseSchema = envelopeSchema(z.array(VillageOptionSchema))
