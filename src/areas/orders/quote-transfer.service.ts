// Quotes' stops in and out of spreadsheets (stops-transfer.ts has the format): the sample file,
// an import into a new order (orderJson) or an existing one (orderId), and the export of orders.
import type { Tenant } from '../../db/tenant.js';
import { fail } from '../../platform/errors.js';
import { type Located, located } from '../../platform/located.js';
import type { FileResult, Uploads } from '../../platform/route.js';
import { today } from './order-state.js';
import { ordersOf } from './orders.answers.js';
import { OrdersErrors } from './orders.errors.js';
import * as orders from './orders.repository.js';
import { MAX_STOPS } from './orders.schemas.js';
import type { OrdersService } from './orders.service.js';
import type { StopsService } from './stops.service.js';
import { exportFile, orderOfJson, readStopsFile, sampleFile } from './stops-transfer.js';

/** Orders written to the export per batch (one read of their stops and items each). */
const EXPORT_BATCH = 200;

export function quoteTransferService(ordersService: OrdersService, stops: StopsService) {
  /** The company's live orders, oldest first, a batch at a time. */
  async function* everyOrder(t: Tenant) {
    let after = 0;
    for (;;) {
      const rows = (await orders.selectOrders(t).where('o.id', '>', after).orderBy('o.id').limit(EXPORT_BATCH).execute()) as orders.OrderRow[];
      if (rows.length === 0) return;
      yield await ordersOf(t, rows);
      after = rows[rows.length - 1]!.id;
    }
  }

  return {
    example: (): FileResult => sampleFile(),

    /** Every row is read and checked before anything is written. `into`: the order the stops go
     *  to, as the route read it (locked, deleted ones too); absent, a new order from orderJson,
     *  answered with its GET in the Location header. */
    async importStops(t: Tenant, into: orders.OrderRow | undefined, uploads: Uploads): Promise<Located | null> {
      const file = uploads.files.find((f) => f.fieldName.toLowerCase() === 'csvfile') ?? uploads.files[0];
      // The order first: a missing or wrong orderJson is told before the file's rows.
      const order = into !== undefined ? null : orderOfJson(uploads.fields.orderJson ?? uploads.fields.orderjson);
      const read = await readStopsFile(file);
      if (order === null) {
        await stops.addMany(t, into!, read);
        return null;
      }
      const all = [...order.stops, ...read];
      if (all.length > MAX_STOPS) throw fail(OrdersErrors.tooManyStops, `${all.length} stops: an order takes at most ${MAX_STOPS}.`);
      const made = await ordersService.create(t, { ...order, stops: all });
      return located(`/Quotes/${made.id}`);
    },

    /** `rows`: the orders asked for, as the route's id gate read them (live ones, in the ids'
     *  order); none: every live order. */
    async export(t: Tenant, rows: readonly orders.OrderRow[], sample: boolean): Promise<FileResult> {
      if (sample) return exportFile([], 'order-stops-template.xlsx', true);
      if (rows.length > 0) return exportFile([await ordersOf(t, rows)], `orders-${today()}.xlsx`);
      return exportFile(everyOrder(t), `orders-${today()}.xlsx`);
    },
  };
}

export type QuoteTransferService = ReturnType<typeof quoteTransferService>;
