// Users and roles (part 1, "Users and roles").
import { companyAdmin, permission, signedIn } from '../../platform/access.js';
import { None, PagedList } from '../../platform/envelope.js';
import { type AnyRoute, defineRoute } from '../../platform/route.js';
import { Type } from '../../platform/schemas.js';
import { userRecords } from './users.repository.js';
import { CompanyUser, PermissionDto, RoleDto, RolesQuery, UserIdParams, UsersQuery } from './users.schemas.js';
import type { UsersService } from './users.service.js';

const USERS_TAB = permission('Users tab - view/edit/add users');

export function usersRoutes(users: UsersService): AnyRoute[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/Settings/Users',
      access: signedIn,
      summary: "List the company's users",
      description:
        'Enabled users, or disabled ones with disabledUsers=true. SearchTerm matches email and names; Roles filters by role name; SortBy: email (default), firstName, lastName, createdAt. Not paged unless Page or ItemsPerPage is sent (at most 1000 users).',
      querystring: UsersQuery,
      response: Type.Array(CompanyUser),
      handler: ({ tenant, query }) => users.list(tenant, query),
    }),
    defineRoute({
      method: 'GET',
      url: '/Settings/Users/:id',
      access: USERS_TAB,
      ids: { params: { id: userRecords } },
      summary: 'Read a user of the company',
      params: UserIdParams,
      response: CompanyUser,
      handler: ({ found }) => users.get(found.one(userRecords)),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/Settings/Users/:id',
      access: companyAdmin,
      ids: { params: { id: userRecords } },
      summary: 'Remove a user from the company',
      description:
        "Ends the user's sessions in this company at once. Refused for yourself and for the last enabled Company Admin (users.cannot_delete_self, users.last_company_admin).",
      params: UserIdParams,
      response: None,
      handler: ({ tenant, principal, found }) => users.remove(tenant, principal, found.one(userRecords)),
    }),
    defineRoute({
      method: 'PUT',
      url: '/Settings/Users/:id/disable',
      access: USERS_TAB,
      ids: { params: { id: userRecords } },
      summary: 'Disable a user',
      description:
        'The user can no longer sign in to this company and their sessions end at once. Refused for yourself and for the last enabled Company Admin.',
      params: UserIdParams,
      response: None,
      handler: ({ tenant, principal, found }) => users.disable(tenant, principal, found.one(userRecords)),
    }),
    defineRoute({
      method: 'PUT',
      url: '/Settings/Users/:id/enable',
      access: USERS_TAB,
      ids: { params: { id: userRecords } },
      summary: 'Enable a user',
      params: UserIdParams,
      response: None,
      handler: ({ tenant, found }) => users.enable(tenant, found.one(userRecords)),
    }),
    defineRoute({
      method: 'POST',
      url: '/Settings/Users/:id/Invite',
      access: USERS_TAB,
      ids: { params: { id: userRecords } },
      summary: 'Send the invitation email',
      description:
        'Writes an invitation to the mail outbox (sent over SMTP when SMTP_URL is set). It holds a one-time link, valid 7 days, with which the user sets a password (POST /Auth/AcceptInvitation). A new invitation replaces the previous one.',
      params: UserIdParams,
      response: None,
      handler: ({ tenant, principal, found }) => users.invite(tenant, principal, found.one(userRecords)),
    }),
    defineRoute({
      method: 'GET',
      url: '/Roles',
      access: companyAdmin,
      summary: "List the company's roles",
      description: 'SearchTerm matches the name; SortBy: id (default), name, createdAt.',
      querystring: RolesQuery,
      response: PagedList(RoleDto),
      handler: ({ tenant, query }) => users.roles(tenant, query),
    }),
    defineRoute({
      method: 'GET',
      url: '/Permissions',
      access: companyAdmin,
      summary: 'List every permission',
      description:
        "Each permission with the company's roles that grant it. SearchTerm matches name and group; SortBy: id (default), name. Not paged unless Page or ItemsPerPage is sent.",
      querystring: RolesQuery,
      response: Type.Array(PermissionDto),
      handler: ({ tenant, query }) => users.permissions(tenant, query),
    }),
    defineRoute({
      method: 'GET',
      url: '/Permissions/CurrentRolesPermissions',
      access: signedIn,
      summary: "Names of the signed-in user's permissions",
      response: Type.Array(Type.String()),
      handler: async ({ tenant, principal }) => (await users.currentGrants(tenant, principal)).map((p) => p.name),
    }),
    defineRoute({
      method: 'GET',
      url: '/Permissions/CurrentRolesWithPermissions',
      access: signedIn,
      summary: "The signed-in user's permissions with the roles granting each",
      response: Type.Array(PermissionDto),
      handler: ({ tenant, principal }) => users.currentGrants(tenant, principal),
    }),
  ];
}
