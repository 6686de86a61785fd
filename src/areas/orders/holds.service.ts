// Holding an order: every delivery (drop-off) stop not on hold yet gets a hold with the reason,
// who and when; releasing ends every active hold of the order, with a note. A closed or deleted
// order is not held. Each writes the activity log (one entry per stop), an audit row and the
// company event, in its transaction.
import type { Tenant } from '../../db/tenant.js';
import { audit } from '../../platform/audit.js';
import { fail, invalid } from '../../platform/errors.js';
import { text } from '../../platform/writes.js';
import * as repo from './holds.repository.js';
import type { HoldInputT, OrderHoldT, ReleaseInputT } from './holds.schemas.js';
import { logActivity } from './order-activity.js';
import { checkOpen, orderChange } from './order-state.js';
import { OrdersErrors } from './orders.errors.js';
import { orderHeld, orderReleased } from './orders.events.js';
import { type OrderRow, stopsOf } from './orders.repository.js';

function toHold(r: repo.HoldRow): OrderHoldT {
  return {
    id: r.id,
    orderId: r.order_id,
    stopId: r.stop_id,
    stopType: r.stop_type,
    reason: r.reason,
    heldBy: r.held_by,
    heldAt: r.held_at,
    isActive: r.released_at === null,
    releasedBy: r.released_by,
    releasedAt: r.released_at,
    releaseNote: r.release_note,
  };
}

// Each order is the route's, as its id gate read it: deleted ones too, and locked to hold or release it.
export function holdsService() {
  const list = async (t: Tenant, orderId: number) => (await repo.holdsOf(t, orderId)).map(toHold);

  return {
    list: (t: Tenant, order: OrderRow): Promise<OrderHoldT[]> => list(t, order.id),

    async hold(t: Tenant, order: OrderRow, input: HoldInputT): Promise<OrderHoldT[]> {
      const row = checkOpen(order, 'holding it');
      const orderId = row.id;
      const deliveries = (await stopsOf(t, [orderId])).filter((s) => s.type === 'Delivery');
      if (deliveries.length === 0) throw fail(OrdersErrors.nothingToHold, `Order ${orderId} (${row.order_number}) has no delivery stop to hold.`);
      const reason = input.reason.trim();
      if (!reason) throw invalid('reason', 'The reason field is required.');
      // Stops on hold already keep their hold: holding again changes nothing.
      const fresh = deliveries.filter((s) => !s.is_on_hold);
      if (fresh.length > 0) {
        await repo.hold(
          t,
          orderId,
          fresh.map((s) => s.id),
          reason,
        );
        for (const s of fresh) await logActivity(t, [orderId], 'stop.held', `Delivery stop ${s.sequence} put on hold: ${reason}`, s.id);
        await audit(t, { action: orderHeld.name, entityType: 'order', entityId: orderId, after: { reason, stopIds: fresh.map((s) => s.id) } });
        await t.announce(orderHeld, orderChange(row));
      }
      return list(t, orderId);
    },

    async release(t: Tenant, order: OrderRow, input: ReleaseInputT): Promise<OrderHoldT[]> {
      const row = checkOpen(order, 'releasing it');
      const orderId = row.id;
      const note = text(input.note);
      const stopIds = await repo.release(t, orderId, note);
      if (stopIds.length > 0) {
        for (const stopId of stopIds) await logActivity(t, [orderId], 'stop.released', note ? `Hold released: ${note}` : 'Hold released.', stopId);
        await audit(t, { action: orderReleased.name, entityType: 'order', entityId: orderId, after: { note, stopIds } });
        await t.announce(orderReleased, orderChange(row));
      }
      return list(t, orderId);
    },
  };
}

export type HoldsService = ReturnType<typeof holdsService>;
