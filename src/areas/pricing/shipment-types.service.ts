// Rules of shipment types: names unique among live types (any case), an optional customer that
// must be the company's, delete keeps the row for past orders (deleted_at) and answers it.
import type { Tenant } from '../../db/tenant.js';
import { audit } from '../../platform/audit.js';
import type { Paged } from '../../platform/envelope.js';
import { invalid } from '../../platform/errors.js';
import type { CustomerRow } from '../customers/index.js';
import * as repo from './shipment-types.repository.js';
import { type ShipmentTypeInputT, type ShipmentTypeRow, type ShipmentTypesQueryT, type ShipmentTypeT, toShipmentType } from './shipment-types.schemas.js';

/** An optional customerId is an active customer's (the route's gate read it). */
async function valuesOf(t: Tenant, input: ShipmentTypeInputT, exceptId: number | null): Promise<repo.TypeValues> {
  const name = input.name.trim();
  if (!name) throw invalid('name', 'The name must not be blank.');
  const clash = await repo.typeNamed(t, name);
  if (clash !== undefined && clash !== exceptId) throw invalid('name', `A shipment type named "${name}" exists already (${clash}).`);
  return {
    name,
    description: input.description?.trim() || null,
    customer_id: input.customerId ?? null,
    multiplier: input.multiplier ?? null,
    base_charge: input.baseCharge ?? null,
    rate_per_unit: input.ratePerUnit ?? null,
    is_active: input.isActive ?? true,
  };
}

/** Active types unless includeInactive=true; offeredTo set here only (never taken from the query). */
const listQuery = (q: ShipmentTypesQueryT, offeredTo?: number): repo.TypeListQuery => ({ ...q, includeInactive: q.includeInactive ?? false, offeredTo });

/** The services take the records the request names as the id gate read them (routes' `ids`). */
export function shipmentTypesService() {
  /** A type this request wrote, read again. */
  const reread = async (t: Tenant, id: number) => toShipmentType(await repo.shipmentTypeRecords.reread(t, id));

  return {
    list: (t: Tenant, q: ShipmentTypesQueryT): Promise<Paged<ShipmentTypeT>> => repo.shipmentTypes.list(t, listQuery(q)),

    /** The types offered to a customer: the company's general ones and the customer's own. */
    listForCustomer: (t: Tenant, customer: CustomerRow, q: ShipmentTypesQueryT): Promise<Paged<ShipmentTypeT>> =>
      repo.shipmentTypes.list(t, listQuery(q, customer.id)),

    read: (row: ShipmentTypeRow): ShipmentTypeT => toShipmentType(row),

    async create(t: Tenant, input: ShipmentTypeInputT): Promise<ShipmentTypeT> {
      const id = await repo.insertType(t, await valuesOf(t, input, null));
      const after = await reread(t, id);
      await audit(t, { action: 'shipment_type.create', entityType: 'shipment_type', entityId: id, after });
      return after;
    },

    async update(t: Tenant, row: ShipmentTypeRow, input: ShipmentTypeInputT): Promise<ShipmentTypeT> {
      const id = row.id;
      const before = toShipmentType(row);
      await repo.updateType(t, id, await valuesOf(t, input, id));
      const after = await reread(t, id);
      await audit(t, { action: 'shipment_type.update', entityType: 'shipment_type', entityId: id, before, after });
      return after;
    },

    async remove(t: Tenant, row: ShipmentTypeRow): Promise<ShipmentTypeT> {
      const id = row.id;
      const before = toShipmentType(row);
      await repo.markDeleted(t, id);
      await audit(t, { action: 'shipment_type.delete', entityType: 'shipment_type', entityId: id, before });
      return before;
    },
  };
}

export type ShipmentTypesService = ReturnType<typeof shipmentTypesService>;
