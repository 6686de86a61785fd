// Rules of shipment types: names unique among live types (any case), an optional customer that
// must be the company's, delete keeps the row for past orders (deleted_at) and answers it.
import type { Tenant } from '../../db/tenant.js';
import { audit } from '../../platform/audit.js';
import type { Paged } from '../../platform/envelope.js';
import { invalid, notFound } from '../../platform/errors.js';
import { pageOf, paged, sortOf } from '../../platform/paging.js';
import { requireCustomer } from '../customers/index.js';
import * as repo from './shipment-types.repository.js';
import { toShipmentType, type ShipmentTypeInputT, type ShipmentTypeT, type ShipmentTypesQueryT } from './shipment-types.schemas.js';

async function valuesOf(t: Tenant, input: ShipmentTypeInputT, exceptId: number | null): Promise<repo.TypeValues> {
  const name = input.name.trim();
  if (!name) throw invalid('name', 'The name must not be blank.');
  const clash = await repo.findTypeByName(t, name);
  if (clash && clash.id !== exceptId) throw invalid('name', `A shipment type named "${name}" exists already (${clash.id}).`);
  const customerId = input.customerId ?? null;
  if (customerId !== null) await requireCustomer(t, customerId);
  return {
    name, description: input.description?.trim() || null, customer_id: customerId, multiplier: input.multiplier ?? null,
    base_charge: input.baseCharge ?? null, rate_per_unit: input.ratePerUnit ?? null, is_active: input.isActive ?? true,
  };
}

export function shipmentTypesService() {
  async function require(t: Tenant, id: number) {
    const row = await repo.findType(t, id);
    if (!row) throw notFound('Shipment type', id);
    return row;
  }

  async function list(t: Tenant, q: ShipmentTypesQueryT, customerId?: number | null): Promise<Paged<ShipmentTypeT>> {
    const page = pageOf(q);
    const sort = sortOf(q, { name: 'name', createdAt: 'created_at' } as const, { by: 'name', descending: false });
    const filter: repo.TypeFilter = { search: q.SearchTerm?.trim() || null, includeInactive: q.includeInactive ?? false, customerId };
    const [rows, total] = await Promise.all([repo.listTypes(t, filter, sort, page.limit, page.offset), repo.countTypes(t, filter)]);
    return paged(rows.map(toShipmentType), page, total);
  }

  return {
    list: (t: Tenant, q: ShipmentTypesQueryT) => list(t, q),

    /** The types offered to a customer: the company's general ones and the customer's own. */
    async listForCustomer(t: Tenant, customerId: number, q: ShipmentTypesQueryT): Promise<Paged<ShipmentTypeT>> {
      await requireCustomer(t, customerId);
      return list(t, q, customerId);
    },

    read: async (t: Tenant, id: number) => toShipmentType(await require(t, id)),

    async create(t: Tenant, input: ShipmentTypeInputT): Promise<ShipmentTypeT> {
      const id = await repo.insertType(t, await valuesOf(t, input, null));
      const after = toShipmentType(await require(t, id));
      await audit(t, { action: 'shipment_type.create', entityType: 'shipment_type', entityId: id, after });
      return after;
    },

    async update(t: Tenant, id: number, input: ShipmentTypeInputT): Promise<ShipmentTypeT> {
      const before = toShipmentType(await require(t, id));
      await repo.updateType(t, id, await valuesOf(t, input, id));
      const after = toShipmentType(await require(t, id));
      await audit(t, { action: 'shipment_type.update', entityType: 'shipment_type', entityId: id, before, after });
      return after;
    },

    async remove(t: Tenant, id: number): Promise<ShipmentTypeT> {
      const before = toShipmentType(await require(t, id));
      await repo.markDeleted(t, id);
      await audit(t, { action: 'shipment_type.delete', entityType: 'shipment_type', entityId: id, before });
      return before;
    },
  };
}

export type ShipmentTypesService = ReturnType<typeof shipmentTypesService>;
