// What signing in writes to this area's tables (users, company_users). The account area signs users
// in before there is a company to be in, with the privileged executor it declares (`privileged:
// 'sign-in'`); it hands that executor here, and these statements name the user and the company
// themselves. Nothing else calls them.
import type { Db } from '../../db/database.js';
import { Tenant } from '../../db/tenant.js';
import { audit } from '../../platform/audit.js';
import { NO_HOOKS } from '../../platform/events.js';

/** The membership was used to sign in now (the company is the one last worked in). */
export async function markSignedIn(db: Db, companyId: number, userId: string): Promise<void> {
  const now = new Date();
  await db
    .updateTable('company_users')
    .set({ last_login_at: now, last_worked_at: now })
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .execute();
}

export interface AcceptedInvitation {
  company_id: number;
  user_id: string;
}

export interface InvitationChange {
  passwordHash: string;
  securityStamp: string;
  firstName: string | null;
  lastName: string | null;
}

/** Sets the password, rotates the stamp, uses up the invitation and signs the user in to the
 *  inviting company, in one transaction that leaves an audit row in that company (by the user). */
export async function acceptInvitation(db: Db, invitation: AcceptedInvitation, change: InvitationChange, requestId: string | null): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set((eb) => ({
        password_hash: change.passwordHash,
        security_stamp: change.securityStamp,
        first_name: change.firstName ?? eb.ref('first_name'),
        last_name: change.lastName ?? eb.ref('last_name'),
        updated_at: new Date(),
      }))
      .where('id', '=', invitation.user_id)
      .execute();
    // Every company the user belongs to sees the new names (its copy of the profile).
    if (change.firstName || change.lastName) {
      await trx
        .updateTable('company_users')
        .set((eb) => ({ first_name: change.firstName ?? eb.ref('first_name'), last_name: change.lastName ?? eb.ref('last_name') }))
        .where('user_id', '=', invitation.user_id)
        .execute();
    }
    const now = new Date();
    await trx
      .updateTable('company_users')
      .set({ invitation_token_hash: null, invitation_expires_at: null, last_login_at: now, last_worked_at: now })
      .where('company_id', '=', invitation.company_id)
      .where('user_id', '=', invitation.user_id)
      .execute();
    // The company's record of the change: a public route, so the company is the invitation's.
    const company = new Tenant(trx, invitation.company_id, invitation.user_id, requestId, NO_HOOKS);
    await audit(company, {
      action: 'user.accept_invitation',
      entityType: 'user',
      entityId: invitation.user_id,
      after: { passwordSet: true, ...(change.firstName ? { firstName: change.firstName } : {}), ...(change.lastName ? { lastName: change.lastName } : {}) },
    });
    await company.beforeCommit();
  });
}
