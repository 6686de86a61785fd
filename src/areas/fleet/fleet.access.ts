// The permissions of the fleet section (part 2, "Fleet"): FC and FV spelled out.
import { allPermissionsOf, permission } from '../../platform/access.js';

export const FLEET_EDIT = permission('Fleet tab - Create/Edit/delete fleet');
export const FLEET_VIEW = permission('Fleet tab - View fleets data');
/** A write the spec grants FV (PUT /Telematics/Vehicle): fds asks FC as well, so the read-only
 *  Viewer, who holds FV, changes nothing. */
export const FLEET_VIEW_AND_EDIT = allPermissionsOf('Fleet tab - View fleets data', 'Fleet tab - Create/Edit/delete fleet');
