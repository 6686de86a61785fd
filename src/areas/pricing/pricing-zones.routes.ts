// Pricing zones (part 1, "Pricing", the PricingZones rows): zone-to-zone flat rates.
import { permission } from '../../platform/access.js';
import { None } from '../../platform/envelope.js';
import type { Found } from '../../platform/id-gate.js';
import { type AnyRoute, defineRoute } from '../../platform/route.js';
import { Id, Type } from '../../platform/schemas.js';
import { zoneRecords } from '../settings/index.js';
import { pricingZoneRecords } from './pricing-zones.repository.js';
import { PricingZoneDto, PricingZoneInput } from './pricing-zones.schemas.js';
import type { PricingZonesService } from './pricing-zones.service.js';

const VIEW = permission('Zones - view Zones');
const EDIT = permission('Zones - create/edit/delete Zones');
const IdParams = Type.Object({ id: Id });
/** The two zones a rate joins are checked, not looked up: one the company does not have (another
 *  company's included) is a 400 naming the field, "Zone 7 was not found." */
const ZONE_IDS = { fromZoneId: { field: zoneRecords }, toZoneId: { field: zoneRecords } };
/** Those zones, as the gate read them. */
const zonesOf = (found: Found) => ({ from: found.one(zoneRecords, 'fromZoneId'), to: found.one(zoneRecords, 'toZoneId') });

export function pricingZoneRoutes(zones: PricingZonesService): AnyRoute[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/PricingZones',
      access: VIEW,
      summary: 'List zone-to-zone rates',
      description: 'By name.',
      response: Type.Array(PricingZoneDto),
      handler: ({ tenant }) => zones.list(tenant),
    }),
    defineRoute({
      method: 'POST',
      url: '/PricingZones',
      access: EDIT,
      ids: { body: ZONE_IDS },
      summary: 'Create a zone-to-zone rate',
      description:
        'Both zones must exist (/Zones); one rate per direction of a pair. bothDirections (default true) also prices the way back unless that direction has its own rate.',
      body: PricingZoneInput,
      response: PricingZoneDto,
      handler: ({ tenant, found, body }) => zones.create(tenant, body, zonesOf(found)),
    }),
    defineRoute({
      method: 'GET',
      url: '/PricingZones/:id',
      access: VIEW,
      ids: { params: { id: pricingZoneRecords } },
      summary: 'Read a zone-to-zone rate',
      params: IdParams,
      response: PricingZoneDto,
      handler: ({ found }) => zones.read(found.one(pricingZoneRecords)),
    }),
    defineRoute({
      method: 'PUT',
      url: '/PricingZones/:id',
      access: EDIT,
      ids: { params: { id: pricingZoneRecords }, body: ZONE_IDS },
      summary: 'Update a zone-to-zone rate',
      params: IdParams,
      body: PricingZoneInput,
      response: PricingZoneDto,
      handler: ({ tenant, found, body }) => zones.update(tenant, found.one(pricingZoneRecords), body, zonesOf(found)),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/PricingZones/:id',
      access: EDIT,
      ids: { params: { id: pricingZoneRecords } },
      summary: 'Delete a zone-to-zone rate',
      params: IdParams,
      response: None,
      handler: ({ tenant, found }) => zones.remove(tenant, found.one(pricingZoneRecords)),
    }),
  ];
}
