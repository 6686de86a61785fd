// The permissions of the drivers section (part 2, "Drivers"): CE and ED spelled out, and the two
// named in full in its rows. The carriers' view permission guards a carrier's driver list.
import { permission } from '../../platform/access.js';

export const CREATE_EDIT = permission('Create/Edit Drivers');
export const ENABLE_DISABLE = permission('Enable/Disable drivers');
export const DELETE_DRIVERS = permission('Delete Drivers');
export const DRIVER_SETTINGS = permission('Drivers settings - edit/delete data');
export const VIEW_OUTSOURCES = permission('View Outsources');
