// The permissions of quotes and orders. The spec lists none for reading them or for making and
// deleting them: reading needs "View Order Sheet" (Company Admin, Dispatcher, Viewer), making,
// changing, closing and deleting "Edit Orders" (Company Admin, Dispatcher); approving is the
// spec's "Approve Quote".
import { permission } from '../../platform/access.js';

export const VIEW = permission('View Order Sheet');
export const EDIT = permission('Edit Orders');
export const APPROVE = permission('Approve Quote');
export const REPEAT = permission('Repeat Order');
export const COPY_FOR_DRIVER = permission('Copy Order for Driver');
export const STOP_PRIORITY = permission('Update stop priority');
