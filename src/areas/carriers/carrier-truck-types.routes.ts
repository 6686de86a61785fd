// The truck types carriers run (part 2, "Carriers": /OutsourceCompanyTypeOfTrucks).
import { None } from '../../platform/envelope.js';
import { type AnyRoute, defineRoute } from '../../platform/route.js';
import { Type } from '../../platform/schemas.js';
import { namedRecord, namedRecords, ofPathCarrier, recordOrCarrier } from './carrier-lookup.js';
import { carrierTruckTypeRecords } from './carrier-truck-types.repository.js';
import {
  OutsourceCompanyTypeOfTruckCreateDto,
  OutsourceCompanyTypeOfTruckDto,
  OutsourceCompanyTypeOfTruckUpdateDto,
  TypeOfTruckRowDeleteQuery,
  TypeOfTruckRowReadQuery,
} from './carrier-truck-types.schemas.js';
import { ADD_EDIT, VIEW } from './carriers.access.js';
import { carrierRecords } from './carriers.repository.js';
import { IdParams } from './carriers.schemas.js';
import type { CarrierServices } from './index.js';
import { typeOfTruckRecords } from './type-of-trucks.repository.js';

export function carrierTruckTypesRoutes({ truckTypes }: CarrierServices): AnyRoute[] {
  return [
    defineRoute({
      method: 'POST',
      url: '/OutsourceCompanyTypeOfTrucks',
      access: ADD_EDIT,
      ids: { body: { outsourceCompanyId: carrierRecords, typeOfTruckId: typeOfTruckRecords } },
      summary: 'Say a carrier runs a type of truck',
      description:
        "A type from the company's list (/TypeOfTrucks), once per carrier (outsource_truck_types.duplicate_type), with the count and the carrier's rates.",
      body: OutsourceCompanyTypeOfTruckCreateDto,
      response: OutsourceCompanyTypeOfTruckDto,
      handler: ({ tenant, found, body }) => truckTypes.create(tenant, body, found.one(typeOfTruckRecords)),
    }),
    defineRoute({
      method: 'GET',
      url: '/OutsourceCompanyTypeOfTrucks/:id',
      access: VIEW,
      // {id} is the row; with the query's row id, its carrier, and the row must be that carrier's.
      ids: {
        params: { id: recordOrCarrier(carrierTruckTypeRecords, 'outsourceCompanyTypeOfTruckId', 'record') },
        query: { outsourceCompanyTypeOfTruckId: ofPathCarrier(carrierTruckTypeRecords) },
      },
      summary: "Read a carrier's truck type",
      description: '{id} is the row; with outsourceCompanyTypeOfTruckId, {id} is the carrier and outsourceCompanyTypeOfTruckId the row.',
      params: IdParams,
      querystring: TypeOfTruckRowReadQuery,
      response: OutsourceCompanyTypeOfTruckDto,
      handler: ({ found }) => truckTypes.read(namedRecord(found, carrierTruckTypeRecords, 'outsourceCompanyTypeOfTruckId')),
    }),
    defineRoute({
      method: 'PUT',
      url: '/OutsourceCompanyTypeOfTrucks/:id',
      access: ADD_EDIT,
      // The body's id is ignored (the path names the row); outsourceCompanyId must be the row's carrier
      // (a validation problem on it for a carrier the company does not have; outsource_truck_types.carrier_change for another).
      ids: {
        params: { id: carrierTruckTypeRecords },
        body: { id: 'not-an-id', outsourceCompanyId: { field: carrierRecords }, typeOfTruckId: typeOfTruckRecords },
      },
      summary: "Update a carrier's truck type",
      description: 'Changes the fields sent and keeps the others; null clears one.',
      params: IdParams,
      body: OutsourceCompanyTypeOfTruckUpdateDto,
      response: OutsourceCompanyTypeOfTruckDto,
      handler: ({ tenant, found, body }) => truckTypes.update(tenant, found.one(carrierTruckTypeRecords), body, found.maybe(typeOfTruckRecords)),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/OutsourceCompanyTypeOfTrucks/:id',
      access: ADD_EDIT,
      // {id} is the row; with ids, their carrier, and every one of them must be that carrier's.
      ids: { params: { id: recordOrCarrier(carrierTruckTypeRecords, 'ids', 'carrier') }, query: { ids: ofPathCarrier(carrierTruckTypeRecords) } },
      summary: "Delete carriers' truck types",
      description:
        "{id} is the row; with ids, {id} is the carrier and ids its rows. Deleted for good; all or nothing (a missing row, or another carrier's: 404).",
      params: IdParams,
      querystring: TypeOfTruckRowDeleteQuery,
      response: None,
      handler: ({ tenant, found }) => truckTypes.remove(tenant, namedRecords(found, carrierTruckTypeRecords)),
    }),
    defineRoute({
      method: 'GET',
      url: '/OutsourceCompanyTypeOfTrucks/:id/TypeOfTruckList',
      access: VIEW,
      ids: { params: { id: carrierRecords } },
      summary: 'The truck types a carrier runs, by name',
      description: '{id} is the carrier.',
      params: IdParams,
      response: Type.Array(OutsourceCompanyTypeOfTruckDto),
      handler: ({ tenant, found }) => truckTypes.list(tenant, found.one(carrierRecords)),
    }),
  ];
}
