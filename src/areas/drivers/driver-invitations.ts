// Driver app invitations: a mail written to the outbox (sent over SMTP when SMTP_URL is set) with
// the server's address and a one-time code, valid 7 days, that the driver app asks for at the
// driver's first sign-in; the code is kept hashed, as users' invitation tokens are. A driver
// still New or Draft becomes Invited; one already working keeps its status (inviting it again
// only sends the app to a new phone). Deleted and Disabled drivers are not invited.
import { randomBytes } from 'node:crypto';
import type { Tenant } from '../../db/tenant.js';
import { enqueueMail } from '../../integrations/mail/outbox.js';
import { audit } from '../../platform/audit.js';
import type { Principal } from '../../platform/auth.js';
import { fail } from '../../platform/errors.js';
import { hashInvitationToken } from '../users/index.js';
import { DriversErrors } from './drivers.errors.js';
import * as repo from './drivers.repository.js';
import type { DriverRow } from './drivers.schemas.js';

const LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
const BECOMES_INVITED = new Set(['New', 'Draft', 'Invited']);

export function driverInvitations(publicUrl: string) {
  return {
    /** `driver`: the id gate's, or the one just made (sendEmail=true). */
    async invite(t: Tenant, principal: Principal, driver: DriverRow): Promise<null> {
      const id = driver.id;
      if (driver.status === 'Deleted' || driver.status === 'Disabled') {
        throw fail(DriversErrors.cannotInvite, `Driver ${id} is ${driver.status}; a ${driver.status} driver is not invited to the driver app.`);
      }
      if (!driver.email) throw fail(DriversErrors.noEmail, `Driver ${id} has no email to send the invitation to; add one first.`);
      const code = randomBytes(24).toString('base64url');
      const expiresAt = new Date(Date.now() + LIFETIME_MS);
      const status = BECOMES_INVITED.has(driver.status) ? 'Invited' : driver.status;
      await repo.setInvitation(t, id, { tokenHash: hashInvitationToken(code), expiresAt, status });
      const inviter = [principal.firstName, principal.lastName].filter(Boolean).join(' ') || principal.email;
      await enqueueMail(t, {
        kind: 'driver.invitation',
        to: driver.email,
        subject: `${principal.companyName} invites you to the fds driver app`,
        text: [
          `Hello ${driver.first_name},`,
          '',
          `${inviter} of ${principal.companyName} invites you to the fds driver app: your routes, stops and inspections on your phone.`,
          '1. Install the fds driver app.',
          `2. Enter the server address: ${publicUrl}`,
          `3. Sign in with this email address (${driver.email}) and the invitation code: ${code}`,
          '',
          `The code is valid until ${expiresAt.toISOString()}. A new invitation replaces it.`,
        ].join('\n'),
      });
      await audit(t, { action: 'driver.invite', entityType: 'driver', entityId: id, before: { status: driver.status }, after: { status, expiresAt } });
      return null;
    },
  };
}

export type DriverInvitations = ReturnType<typeof driverInvitations>;
