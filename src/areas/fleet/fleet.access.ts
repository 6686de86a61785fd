// The permissions of the fleet section (part 2, "Fleet"): FC and FV spelled out.
import { permission } from '../../platform/access.js';

export const FLEET_EDIT = permission('Fleet tab - Create/Edit/delete fleet');
export const FLEET_VIEW = permission('Fleet tab - View fleets data');
