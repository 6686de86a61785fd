// The spec's entity types (part 2, "Attachments and images": 1 Customer ... 33 FreightPayment) and
// how each finds its record in the company — through the owning area's index.ts, so a record of
// another company, or one deleted, reads as missing (404 naming the id). A Document (20) is a
// document of the company's library (Documents library). Quotes (8) and Orders (9)
// are orders too (one table holds quotes and orders); a RouteTransfer (7) is an order's Transfer stop,
// the service's way of routing a load through a hub. The types whose records the service does not
// keep yet are refused (400 attachments.entity_type_unsupported) rather than attached to a look-alike
// record: an id of one of them would mean something else once their area exists.
import type { Tenant } from '../../db/tenant.js';
import { fail, invalid } from '../../platform/errors.js';
import { type CompanyRecords, companyRecords } from '../../platform/records.js';
import { invoiceRecords, paymentMethodRecords, paymentRecords } from '../accounting/index.js';
import { carrierContactRecords, carrierRecords } from '../carriers/index.js';
import { contactRecords, customerRecords } from '../customers/index.js';
import { routeRecords } from '../dispatch/index.js';
import { documentRecords } from '../documents/index.js';
import { driverRecords, statusCheckRecords } from '../drivers/index.js';
import { truckRecords } from '../fleet/index.js';
import { itemRecords, orderRecords, stopRecords } from '../orders/index.js';
import { warehouseRecords } from '../settings/index.js';
import { FAMILIES, type Family, type FamilyName } from './attachments.access.js';
import { AttachmentsErrors } from './attachments.errors.js';

export const ENTITY_TYPES = [
  'Customer',
  'Order',
  'OrderItem',
  'OrderStop',
  'CustomerContact',
  'CustomerPaymentMethod',
  'RouteTransfer',
  'Quotes',
  'Orders',
  'Warehouse',
  'Driver',
  'TenantPaymentMethod',
  'Payment',
  'Invoice',
  'Route',
  'Truck',
  'OutsourceCompany',
  'OutsourceCompanyContact',
  'Goods',
  'Document',
  'DrivingLog',
  'Barcode',
  'Check',
  'DriverLicense',
  'InsuranceCard',
  'RegistrationCard',
  'LoadUnit',
  'LoadUnitContent',
  'Violation',
  'DriverStatusCheck',
  'DriverIssue',
  'Damage',
  'FreightPayment',
] as const;

export type EntityTypeName = (typeof ENTITY_TYPES)[number];

/** The number of an entity type (its position from 1). */
export const entityTypeNumber = (name: EntityTypeName): number => ENTITY_TYPES.indexOf(name) + 1;

/** What the service knows of an entity's record: the order it belongs to (an order's list shows it). */
export interface Target {
  orderId: number | null;
}

// biome-ignore lint/suspicious/noExplicitAny: any kind of record; each kind's row type is checked where it is read
type AnyRecords = CompanyRecords<any, number, any>;

interface Kind {
  family: FamilyName;
  /** Its records as the company has them; their `what` names a missing one ("Order stop 5 was not found."). */
  records: AnyRecords;
  // biome-ignore lint/suspicious/noExplicitAny: a row of `records`
  targetOf(row: any): Target;
}

const plain = (family: FamilyName, records: AnyRecords): Kind => ({ family, records, targetOf: () => ({ orderId: null }) });
const ofOrder = (family: FamilyName, records: AnyRecords): Kind => ({ family, records, targetOf: (row: { order_id: number }) => ({ orderId: row.order_id }) });

/** A quote (8) is an order of the orders' table, named a quote in messages. */
const quoteRecords = companyRecords({ name: orderRecords.name, what: 'Quote', read: (t, ids) => orderRecords.findAll(t, ids) });
/** A RouteTransfer (7) is an order's Transfer stop: its other stops are not transfers. */
const transferStopRecords = companyRecords({
  name: stopRecords.name,
  what: 'Transfer stop',
  read: async (t, ids) => (await stopRecords.findAll(t, ids)).filter((stop) => stop.type === 'Transfer'),
});

const ORDER: Kind = { family: 'orders', records: orderRecords, targetOf: (row: { id: number }) => ({ orderId: row.id }) };

const KINDS: Partial<Record<EntityTypeName, Kind>> = {
  Customer: plain('customers', customerRecords),
  Order: ORDER,
  OrderItem: ofOrder('orders', itemRecords),
  OrderStop: ofOrder('orders', stopRecords),
  CustomerContact: plain('customers', contactRecords),
  CustomerPaymentMethod: plain('payments', paymentMethodRecords),
  RouteTransfer: ofOrder('orders', transferStopRecords),
  Quotes: { ...ORDER, records: quoteRecords },
  Orders: ORDER,
  Warehouse: plain('warehouses', warehouseRecords),
  Driver: plain('drivers', driverRecords),
  Payment: plain('payments', paymentRecords),
  Invoice: plain('payments', invoiceRecords),
  Route: plain('routes', routeRecords),
  Truck: plain('trucks', truckRecords),
  OutsourceCompany: plain('carriers', carrierRecords),
  OutsourceCompanyContact: plain('carriers', carrierContactRecords),
  Document: plain('documents', documentRecords),
  DriverStatusCheck: plain('inspections', statusCheckRecords),
};

/** The entity types that take attachments, and those refused (docs/attachments.md lists both). */
export const SUPPORTED_TYPES = ENTITY_TYPES.filter((name) => KINDS[name] !== undefined);
export const UNSUPPORTED_TYPES = ENTITY_TYPES.filter((name) => KINDS[name] === undefined);

/** An entity type as the path gives it: its number (2) or its name (Order, any case). */
export function parseEntityType(value: string): EntityTypeName {
  const text = value.trim();
  const byNumber = /^\d{1,3}$/.test(text) ? ENTITY_TYPES[Number(text) - 1] : undefined;
  const byName = ENTITY_TYPES.find((name) => name.toLowerCase() === text.toLowerCase());
  const found = byNumber ?? byName;
  if (!found) throw invalid('entityType', `The entityType must be a number from 1 to ${ENTITY_TYPES.length} or one of: ${ENTITY_TYPES.join(', ')}.`);
  return found;
}

/** The family (who may read and change its attachments) of an entity type the service keeps. */
export function familyOf(type: EntityTypeName): Family {
  const kind = KINDS[type];
  if (!kind) throw unsupported(type);
  return FAMILIES[kind.family];
}

/** The company's records of this type, as the upload's id gate reads its entityId (an unsupported type: 400). */
export function entityRecords(type: EntityTypeName): AnyRecords {
  const kind = KINDS[type];
  if (!kind) throw unsupported(type);
  return kind.records;
}

/** The company's record of this type, or 404 naming the id (another company's reads the same): for
 *  ids the request did not send (the demo's), or a record read again in a later transaction. */
export async function requireTarget(t: Tenant, type: EntityTypeName, id: number): Promise<Target> {
  const kind = KINDS[type];
  if (!kind) throw unsupported(type);
  return kind.targetOf(await kind.records.requireOne(t, id));
}

function unsupported(type: EntityTypeName): Error {
  return fail(
    AttachmentsErrors.unsupportedEntityType,
    `Attachments to ${type} (entity type ${entityTypeNumber(type)}) are not supported yet: the service keeps no such records.`,
  );
}

/** The name of a stored entity type number (rows hold numbers). */
export function entityTypeName(value: number): EntityTypeName {
  return ENTITY_TYPES[value - 1]!;
}
