export { default as storeRoutes } from './store.routes.ts'
export {
  districtPlaces,
  findDistrict,
  findVillage,
  provinceAndCityNames,
  regionsLoaded,
  villageNames,
} from './places.ts'
export { findAddressVillage, type AddressVillage } from './address-village.ts'
