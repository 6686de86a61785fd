// The permissions of the carriers section (part 2, "Carriers"): VO, AO and DO spelled out.
import { permission } from '../../platform/access.js';

export const VIEW = permission('View Outsources');
export const ADD_EDIT = permission('Add/Edit outsource');
export const DELETE = permission('Delete Outsource');
