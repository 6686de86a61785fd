// The attachments of a record deleted for good go with it, in the purging transaction: their rows,
// their stored files' references (platform/stored-files.ts dropReference), an audit row and an
// attachment.deleted event each. The owning areas only announce the purge; this area's table is
// written here. Records deleted restorably (a mark) keep their attachments.
import type { Tenant } from '../../db/tenant.js';
import { audit } from '../../platform/audit.js';
import { on } from '../../platform/events.js';
import { dropReference } from '../../platform/stored-files.js';
import { paymentPurged } from '../accounting/index.js';
import { routeDeleted } from '../dispatch/index.js';
import { documentDeleted } from '../documents/index.js';
import { driverPurged } from '../drivers/index.js';
import { orderPurged } from '../orders/index.js';
import { warehousesDeleted } from '../settings/index.js';
import * as repo from './attachments.repository.js';
import type { AttachmentRow } from './attachments.schemas.js';
import { changeOf } from './attachments.service.js';
import { type EntityTypeName, entityTypeNumber } from './entity-types.js';

async function drop(t: Tenant, rows: readonly AttachmentRow[]): Promise<void> {
  for (const row of rows) {
    await repo.deleteAttachment(t, row.id);
    await dropReference(t, row.file_key);
    if (row.preview_key) await dropReference(t, row.preview_key);
    await t.announce(repo.attachmentDeleted, changeOf(row));
    await audit(t, { action: 'attachment.delete', entityType: 'attachment', entityId: row.id, before: changeOf(row) });
  }
}

/** The attachments of these records of one entity type. */
async function dropOf(t: Tenant, type: EntityTypeName, ids: readonly number[]): Promise<void> {
  for (const id of ids) await drop(t, await repo.attachmentsOf(t, entityTypeNumber(type), id));
}

const BY = 'attachments';

export const attachmentSubscriptions = [
  // An order's own, its items', stops' and transfer stops' (each row names its order).
  on(orderPurged, BY, async (t, { orderId }) => drop(t, await repo.attachmentsOfOrder(t, orderId))),
  on(paymentPurged, BY, (t, { paymentId }) => dropOf(t, 'Payment', [paymentId])),
  on(driverPurged, BY, (t, { driverId }) => dropOf(t, 'Driver', [driverId])),
  on(routeDeleted, BY, (t, { routeId }) => dropOf(t, 'Route', [routeId])),
  on(documentDeleted, BY, (t, { documentId }) => dropOf(t, 'Document', [documentId])),
  on(warehousesDeleted, BY, (t, { warehouseIds }) => dropOf(t, 'Warehouse', warehouseIds)),
];
