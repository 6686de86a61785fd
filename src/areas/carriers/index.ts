// The carriers section (part 2, "Carriers"): outsource companies with their contacts, finance
// records and truck types, and the company's list of truck types — one tag each on the reference
// page. Other areas use from here: the carrier lookups (drivers point at carriers) and the truck
// types (trucks name one).
import { type Area, perApp } from '../../platform/area.js';
import { contactRecords } from './carrier-contacts.repository.js';
import { carrierContactsRoutes } from './carrier-contacts.routes.js';
import { OutsourceCompanyContact } from './carrier-contacts.schemas.js';
import { carrierContactsService } from './carrier-contacts.service.js';
import { financeRecords } from './carrier-finances.repository.js';
import { carrierFinancesRoutes } from './carrier-finances.routes.js';
import { OutsourceCompanyFinanceCreateDto, OutsourceCompanyFinanceDto } from './carrier-finances.schemas.js';
import { carrierFinancesService } from './carrier-finances.service.js';
import { carrierTruckTypeRecords } from './carrier-truck-types.repository.js';
import { carrierTruckTypesRoutes } from './carrier-truck-types.routes.js';
import { OutsourceCompanyTypeOfTruckCreateDto, OutsourceCompanyTypeOfTruckDto } from './carrier-truck-types.schemas.js';
import { carrierTruckTypesService } from './carrier-truck-types.service.js';
import { CarriersErrors } from './carriers.errors.js';
import { carrierRecords } from './carriers.repository.js';
import { carriersRoutes } from './carriers.routes.js';
import { OutsourceCompanyCreateDto, OutsourceCompanyListDto, OutsourceCompanyUpdateDto, ValidateOutsourceCompanyDto } from './carriers.schemas.js';
import { carriersService } from './carriers.service.js';
import { typeOfTruckRecords } from './type-of-trucks.repository.js';
import { typeOfTrucksRoutes } from './type-of-trucks.routes.js';
import { TypeOfTruckCreateDto, TypeOfTruckDto } from './type-of-trucks.schemas.js';
import { typeOfTrucksService } from './type-of-trucks.service.js';

/** The section's services, built once per app and shared by its areas. */
const services = perApp(() => {
  const contacts = carrierContactsService();
  return {
    carriers: carriersService(contacts),
    contacts,
    finances: carrierFinancesService(),
    truckTypes: carrierTruckTypesService(),
    typeOfTrucks: typeOfTrucksService(),
  };
});
export type CarrierServices = ReturnType<typeof services>;

export const carriersArea: Area = {
  name: 'Carriers',
  // The codes of the whole folder (the section's areas share them).
  errors: CarriersErrors,
  resources: [carrierRecords],
  schemas: [OutsourceCompanyContact, OutsourceCompanyListDto, OutsourceCompanyCreateDto, OutsourceCompanyUpdateDto, ValidateOutsourceCompanyDto],
  routes: (deps) => carriersRoutes(services(deps)),
};

export const carrierContactsArea: Area = {
  name: 'Carrier contacts',
  resources: [contactRecords],
  routes: (deps) => carrierContactsRoutes(services(deps)),
};

export const carrierFinancesArea: Area = {
  name: 'Carrier finances',
  resources: [financeRecords],
  schemas: [OutsourceCompanyFinanceDto, OutsourceCompanyFinanceCreateDto],
  routes: (deps) => carrierFinancesRoutes(services(deps)),
};

export const carrierTruckTypesArea: Area = {
  name: 'Carrier truck types',
  resources: [carrierTruckTypeRecords],
  schemas: [OutsourceCompanyTypeOfTruckDto, OutsourceCompanyTypeOfTruckCreateDto],
  routes: (deps) => carrierTruckTypesRoutes(services(deps)),
};

export const typeOfTrucksArea: Area = {
  name: 'Truck types',
  resources: [typeOfTruckRecords],
  schemas: [TypeOfTruckDto, TypeOfTruckCreateDto],
  routes: (deps) => typeOfTrucksRoutes(services(deps)),
};

/** The section's areas, in the spec's order. */
export const carriersAreas: Area[] = [carriersArea, carrierContactsArea, carrierFinancesArea, carrierTruckTypesArea, typeOfTrucksArea];

export { contactRecords as carrierContactRecords } from './carrier-contacts.repository.js';
export { financeRecords as carrierFinanceRecords } from './carrier-finances.repository.js';
export { carrierExists, requireCarrier } from './carrier-lookup.js';
export { carrierTruckTypeRecords } from './carrier-truck-types.repository.js';
export { type CarrierFilter, carrierRecords, listCarriers } from './carriers.repository.js';
export { OutsourceCompanyDto, type OutsourceCompanyRow } from './carriers.schemas.js';
export { findTypes as findTypesOfTrucks, largestCapacity, typeIdsByName, typeOfTruckRecords, typeOfTrucksDeleted } from './type-of-trucks.repository.js';
export { capacityAnswer, capacityInput, TypeOfTruckDto, VOLUME_UNITS, type VolumeUnit, WEIGHT_UNITS, type WeightUnit } from './type-of-trucks.schemas.js';
export { requireTypeOfTruck } from './type-of-trucks.service.js';
