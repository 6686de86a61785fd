// The permissions of dispatch. The spec names four (Edit/Delete/Create Route, Assign/Unassign
// Orders, Close All, Archive); its other rows list none: reading routes needs "View Order Sheet"
// (Company Admin, Dispatcher, Viewer — as reading orders does), and the writes it leaves open take
// the permission of their kind (a route's header: Edit/Delete/Create Route; an order's stops on
// routes: Assign/Unassign Orders; an order's transfer stops: Edit Orders).
import { permission } from '../../platform/access.js';

export const VIEW = permission('View Order Sheet');
export const EDIT_ROUTE = permission('Edit/Delete/Create Route');
export const ASSIGN = permission('Assign/Unassign Orders');
export const CLOSE_ALL = permission('Close All');
export const ARCHIVE = permission('Archive');
export const EDIT_ORDERS = permission('Edit Orders');
export const UNDO = permission('Undo Order');
