// Zones (part 1, "Company settings").
import { permission } from '../../platform/access.js';
import { PagedList } from '../../platform/envelope.js';
import { type AnyRoute, defineRoute } from '../../platform/route.js';
import { zoneRecords } from './zones.repository.js';
import { Zone, ZoneIdParams, ZoneInput, ZonesQuery } from './zones.schemas.js';
import type { ZonesService } from './zones.service.js';

const view = permission('Zones - view Zones');
const edit = permission('Zones - create/edit/delete Zones');

export function zonesRoutes(zones: ZonesService): AnyRoute[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/Zones',
      access: view,
      ids: { query: { ZoneIds: { filter: zoneRecords } } },
      summary: 'List zones',
      description:
        'Shared list parameters that apply: SearchTerm (contained in the name or description, or exactly a postal code the zone holds), ' +
        'Countries, Zip (zones holding any of these postal codes), ZoneIds, SortBy name (default) or createdAt, SortDirection, Page, ItemsPerPage.',
      querystring: ZonesQuery,
      response: PagedList(Zone),
      handler: ({ tenant, query }) => zones.list(tenant, query),
    }),
    defineRoute({
      method: 'POST',
      url: '/Zones',
      access: edit,
      summary: 'Create a zone',
      description:
        'A postal code another zone of the company holds is refused (zones.postal_code_taken, naming the code and the zone); a name in use is refused (zones.duplicate_name). Nothing is written then.',
      body: ZoneInput,
      response: Zone,
      handler: ({ tenant, body }) => zones.create(tenant, body),
    }),
    defineRoute({
      method: 'GET',
      url: '/Zones/:id',
      access: view,
      ids: { params: { id: zoneRecords } },
      summary: 'Read a zone with its postal codes',
      params: ZoneIdParams,
      response: Zone,
      handler: ({ tenant, found }) => zones.read(tenant, found.one(zoneRecords)),
    }),
    defineRoute({
      method: 'PUT',
      url: '/Zones/:id',
      access: edit,
      ids: { params: { id: zoneRecords } },
      summary: 'Update a zone',
      description: "postalCodes replaces the zone's list (absent keeps it, [] empties it); the same rules as on create.",
      params: ZoneIdParams,
      body: ZoneInput,
      response: Zone,
      handler: ({ tenant, found, body }) => zones.update(tenant, found.one(zoneRecords), body),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/Zones/:id',
      access: edit,
      ids: { params: { id: zoneRecords } },
      summary: 'Delete a zone',
      description: 'Answers the deleted zone. A zone used by zone-to-zone rates (Pricing zones) is refused (zones.in_use).',
      params: ZoneIdParams,
      response: Zone,
      handler: ({ tenant, found }) => zones.remove(tenant, found.one(zoneRecords)),
    }),
  ];
}
