// The error codes of the orders area (docs/error-codes.md is generated from the lists), with the
// HTTP status each answers with. A move the order's state does not allow names the rule it breaks.
import { errorCodes } from '../../platform/errors.js';

export const OrdersErrors = errorCodes({
  duplicateNumber: [400, 'orders.duplicate_order_number', 'Another order of the company has the order number (any case).'],
  notAQuote: [400, 'orders.not_a_quote', 'Only a quote (or a draft) can be approved; the message names the order and its status.'],
  incompleteQuote: [400, 'orders.incomplete_quote', 'A quote is approved with at least one pickup and one delivery stop.'],
  notAnOrder: [400, 'orders.not_an_order', 'Only an approved order can be closed; the message names the order and its status.'],
  deleted: [400, 'orders.deleted', 'The order is deleted: restore it first.'],
  closed: [400, 'orders.closed', 'The order is closed: it can no longer be changed.'],
  createStatus: [400, 'orders.invalid_status_on_create', 'A new order starts as a draft (Dreft) or a quote; approving it makes it an order.'],
  nothingToHold: [400, 'orders.no_delivery_to_hold', 'The order has no delivery stop to hold.'],
  noAppointmentEmail: [400, 'orders.no_appointment_email', "An appointment request is mailed to the stop's appointment email: send appointmentEmail."],
  warehouseUnusable: [400, 'orders.warehouse_unusable', 'A warehouse the quote goes through is inactive or has no coordinates.'],
  stopHasItems: [400, 'orders.stop_has_items', 'The stop holds items: move them to another stop first.'],
  stopOnRoute: [400, 'orders.stop_on_route', 'The stop is on a route: take it off the route before removing it or changing its type.'],
  importFile: [400, 'orders.import_unreadable', 'The stops file is not a readable CSV or .xlsx file, or not of a supported type.'],
  importInvalid: [400, 'orders.import_invalid', 'Rows of the stops file are wrong (each a detail: row, field, reason); nothing was imported.'],
  importInvalidRow: [400, 'orders.import_invalid_row', "One row's problem in a refused import (a detail of orders.import_invalid)."],
  tooManyStops: [400, 'orders.too_many_stops', 'An order takes at most 200 stops.'],
  contactOfAnotherCustomer: [400, 'orders.contact_not_of_customer', "The contact is not one of the order's customer's contacts."],
});
