// The floor of an uncached quote and order list (raw-route.ts): the statements fds runs for
// GET /Quotes (the page with its count, then the page's stops, items and places), and the rows
// grouped and mapped to the answer's fields by fds's own functions of rows (orders.answers.ts
// group, addresses.schemas.ts toAddress), as fds's ordersOf does.
import { Address, toAddress } from '../src/areas/customers/addresses.schemas.js';
import type { AddressRow } from '../src/areas/customers/index.js';
import { group } from '../src/areas/orders/orders.answers.js';
import type { ItemRow, OrderRow, StopRow } from '../src/areas/orders/orders.repository.js';
import { Order, OrderItem, OrderStop, PriceLine } from '../src/areas/orders/orders.schemas.js';
import { Env, ErrorItem, OtherMessage, PagedList } from '../src/platform/envelope.js';
import { serveRaw } from './raw-route.js';

await serveRaw(
  {
    name: 'raw-orders',
    schema: Env(PagedList(Order)),
    refs: { Address, Order, OrderItem, OrderStop, PriceLine, ErrorItem, OtherMessage },
    data(route, results) {
      // fds's order: the page (with its count), the stops and items, then the stops' places (an
      // empty page asks nothing more).
      const [page = [], stops = [], items = [], places = []] = results as [OrderRow[]?, StopRow[]?, ItemRow[]?, AddressRow[]?];
      const placeOf = new Map(places.map((p) => [p.id, toAddress(p)]));
      const totalCount = Number((page[0] as { total_count?: unknown } | undefined)?.total_count ?? 0);
      for (const row of page) delete (row as { total_count?: unknown }).total_count;
      return {
        list: group(page, stops, items, placeOf),
        page: route.page,
        itemsPerPage: route.itemsPerPage,
        totalCount,
      };
    },
  },
  '/api/v1/Quotes',
);
