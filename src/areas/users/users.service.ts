// Rules of the users-and-roles area: listing members, disabling, enabling, removing and inviting
// them, and reading roles and permissions. No HTTP here.
import { createHash, randomBytes } from 'node:crypto';
import type { Tenant } from '../../db/tenant.js';
import { enqueueMail } from '../../integrations/mail/outbox.js';
import { COMPANY_ADMIN, PERMISSIONS } from '../../platform/access.js';
import { audit } from '../../platform/audit.js';
import type { Principal } from '../../platform/auth.js';
import { fail } from '../../platform/errors.js';
import { sortOfQuery } from '../../platform/list.js';
import { pageOf } from '../../platform/paging.js';
import { principalsChanged } from '../../platform/principal-cache.js';
import type { PageQueryT } from '../../platform/schemas.js';
import { UsersErrors } from './users.errors.js';
import { memberRemoved } from './users.events.js';
import * as repo from './users.repository.js';
import { type CompanyUserT, type MemberRow, type PermissionDtoT, toCompanyUser, toPermissionDto } from './users.schemas.js';

export const INVITATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

export function hashInvitationToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface UsersServiceDeps {
  publicUrl: string;
}

/** The services take the members the request names as the id gate read them (routes' `ids`): a
 *  user of other companies only is no member, "User <id> was not found.". */
export function usersService(deps: UsersServiceDeps) {
  /** Refuses a change that would leave the company without an enabled Company Admin. */
  async function keepAnAdmin(t: Tenant, target: { user_id: string; roles: string[]; is_disabled: boolean }, action: string) {
    if (!target.roles.includes(COMPANY_ADMIN) || target.is_disabled) return;
    await repo.lockAdminRole(t);
    if ((await repo.countOtherActiveAdmins(t, target.user_id)) === 0) {
      throw fail(UsersErrors.lastCompanyAdmin, `The last enabled Company Admin cannot be ${action}.`);
    }
  }

  return {
    /** Members of the company; a plain array (not paged) as the spec says, Page/ItemsPerPage honoured when sent. */
    list: repo.listMembers,

    get: (target: MemberRow): CompanyUserT => toCompanyUser(target),

    async remove(t: Tenant, principal: Principal, target: MemberRow): Promise<null> {
      const userId = target.user_id;
      if (userId === principal.userId) throw fail(UsersErrors.cannotDeleteSelf, 'You cannot delete your own user.');
      await keepAnAdmin(t, target, 'deleted');
      await repo.removeMember(t, userId);
      // Its API tokens end with it (the api-tokens area), so adding the user again brings none back.
      await t.announce(memberRemoved, { userId });
      t.afterCommit(() => principalsChanged({ companyId: t.companyId, userId }));
      await audit(t, { action: 'user.delete', entityType: 'user', entityId: userId, before: toCompanyUser(target) });
      return null;
    },

    async disable(t: Tenant, principal: Principal, target: MemberRow): Promise<null> {
      const userId = target.user_id;
      if (userId === principal.userId) throw fail(UsersErrors.cannotDisableSelf, 'You cannot disable your own user.');
      if (target.is_disabled) return null;
      await keepAnAdmin(t, target, 'disabled');
      await repo.setDisabled(t, userId, true);
      t.afterCommit(() => principalsChanged({ companyId: t.companyId, userId }));
      await audit(t, { action: 'user.disable', entityType: 'user', entityId: userId, before: { isDisabled: false }, after: { isDisabled: true } });
      return null;
    },

    async enable(t: Tenant, target: MemberRow): Promise<null> {
      const userId = target.user_id;
      if (!target.is_disabled) return null;
      await repo.setDisabled(t, userId, false);
      t.afterCommit(() => principalsChanged({ companyId: t.companyId, userId }));
      await audit(t, { action: 'user.enable', entityType: 'user', entityId: userId, before: { isDisabled: true }, after: { isDisabled: false } });
      return null;
    },

    /** Writes the invitation mail (a one-time link to set a password and sign in) to the outbox. */
    async invite(t: Tenant, principal: Principal, target: MemberRow): Promise<null> {
      const userId = target.user_id;
      if (target.is_disabled) throw fail(UsersErrors.userDisabled, 'A disabled user cannot be invited; enable the user first.');
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(Date.now() + INVITATION_LIFETIME_MS);
      await repo.setInvitation(t, userId, hashInvitationToken(token), expiresAt);
      t.afterCommit(() => principalsChanged({ companyId: t.companyId, userId }));
      const link = `${deps.publicUrl}/accept-invitation?token=${token}`;
      const inviter = [principal.firstName, principal.lastName].filter(Boolean).join(' ') || principal.email;
      await enqueueMail(t, {
        kind: 'user.invitation',
        to: target.email,
        subject: `You are invited to ${principal.companyName} on fds`,
        text: [
          `Hello${target.first_name ? ' ' + target.first_name : ''},`,
          '',
          `${inviter} invited you to work in ${principal.companyName} on fds.`,
          `Open this link to choose your password: ${link}`,
          `or send POST ${deps.publicUrl}/api/v1/Auth/AcceptInvitation with {"token": "${token}", "password": "..."}.`,
          '',
          `The invitation is valid until ${expiresAt.toISOString()}.`,
        ].join('\n'),
      });
      await audit(t, { action: 'user.invite', entityType: 'user', entityId: userId, after: { expiresAt } });
      return null;
    },

    roles: repo.listRoles,

    /** Every permission, with the company's roles granting each. */
    async permissions(t: Tenant, q: PageQueryT): Promise<PermissionDtoT[]> {
      const grants = await repo.rolePermissions(t);
      let list = permissionList(grants);
      const term = q.SearchTerm?.trim().toLowerCase();
      if (term) list = list.filter((p) => p.name.toLowerCase().includes(term) || (p.group ?? '').toLowerCase().includes(term));
      const sort = sortOfQuery(q, { id: true, name: true }, { by: 'id', descending: false });
      list.sort((a, b) => (sort.by === 'name' ? a.name.localeCompare(b.name) : a.id - b.id) * (sort.descending ? -1 : 1));
      if (q.Page || q.ItemsPerPage) {
        const page = pageOf(q);
        list = list.slice(page.offset, page.offset + page.limit);
      }
      return list;
    },

    /** The signed-in user's permissions with the roles granting each; both CurrentRoles endpoints read this. */
    async currentGrants(t: Tenant, principal: Principal): Promise<PermissionDtoT[]> {
      const grants = await repo.rolePermissions(t, principal.userId);
      return permissionList(grants, principal.isCompanyAdmin).filter((p) => p.roles.length > 0);
    },
  };
}

/** PermissionDto for every permission, in the contract's order. Company Admin holds them all. */
function permissionList(grants: Array<{ role: string; permission: string }>, userIsAdmin = false): PermissionDtoT[] {
  const byPermission = new Map<string, Set<string>>();
  for (const g of grants) {
    const roles = byPermission.get(g.permission) ?? new Set<string>();
    roles.add(g.role);
    byPermission.set(g.permission, roles);
  }
  return PERMISSIONS.map((name) => {
    const roles = byPermission.get(name) ?? new Set<string>();
    if (userIsAdmin) roles.add(COMPANY_ADMIN);
    return toPermissionDto(name, [...roles].sort());
  });
}

export type UsersService = ReturnType<typeof usersService>;
