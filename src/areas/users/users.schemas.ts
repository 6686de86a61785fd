// Models of the users-and-roles area: CompanyUser, RoleDto, PermissionDto; row → response mappers.
import { PERMISSIONS } from '../../platform/access.js';
import { DateTime, Id, Nullable, PageParams, SharedListParams, type Static, Type, UserId } from '../../platform/schemas.js';

export const CompanyUser = Type.Object(
  {
    id: UserId,
    email: Type.String(),
    firstName: Nullable(Type.String()),
    lastName: Nullable(Type.String()),
    phone: Nullable(Type.String()),
    isDisabled: Type.Boolean(),
    roles: Type.Array(Type.String(), { description: 'Names of the roles the user holds in this company.' }),
    companyId: Id,
    createdAt: DateTime,
    lastLoginAt: Nullable(DateTime),
    invitedAt: Nullable(DateTime),
  },
  { $id: 'CompanyUser', description: 'A user as a member of the current company.' },
);
export type CompanyUserT = Static<typeof CompanyUser>;

export const PermissionDto = Type.Object(
  {
    id: Type.Integer({ description: 'Position of the permission in the list, from 1; stable.' }),
    name: Type.String({ description: 'The permission name used in Required access.' }),
    group: Nullable(Type.String({ description: 'The portal section the permission belongs to.' })),
    roles: Type.Array(Type.String(), {
      description: "Roles granting it: the company's for /Permissions, the signed-in user's for /CurrentRolesWithPermissions.",
    }),
  },
  { $id: 'PermissionDto' },
);
export type PermissionDtoT = Static<typeof PermissionDto>;

export const RoleDto = Type.Object(
  {
    id: Id,
    name: Type.String(),
    description: Nullable(Type.String()),
    isDefault: Type.Boolean({ description: 'One of the roles every company starts with.' }),
    permissions: Type.Array(Type.String(), { description: 'Names of the permissions the role grants.' }),
    usersCount: Type.Integer({ description: 'Members of the company holding the role.' }),
    createdAt: DateTime,
  },
  { $id: 'RoleDto' },
);
export type RoleDtoT = Static<typeof RoleDto>;

export const UserIdParams = Type.Object({ id: UserId });

export const UsersQuery = Type.Object({
  disabledUsers: Type.Optional(Type.Boolean({ default: false, description: 'false: enabled users; true: disabled users.' })),
  ...SharedListParams,
});
export type UsersQueryT = Static<typeof UsersQuery>;

export const RolesQuery = Type.Object(PageParams);
export type RolesQueryT = Static<typeof RolesQuery>;

export interface MemberRow {
  user_id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  phone: string | null;
  is_disabled: boolean;
  roles: string[];
  company_id: number;
  created_at: Date;
  last_login_at: Date | null;
  invited_at: Date | null;
}

export function toCompanyUser(row: MemberRow): CompanyUserT {
  return {
    id: row.user_id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    phone: row.phone,
    isDisabled: row.is_disabled,
    roles: row.roles,
    companyId: row.company_id,
    createdAt: row.created_at,
    lastLoginAt: row.last_login_at,
    invitedAt: row.invited_at,
  };
}

export function permissionGroup(name: string): string | null {
  const dash = name.indexOf(' - ');
  return dash > 0 ? name.slice(0, dash) : null;
}

export function toPermissionDto(name: string, roles: string[]): PermissionDtoT {
  return { id: PERMISSIONS.indexOf(name as (typeof PERMISSIONS)[number]) + 1, name, group: permissionGroup(name), roles };
}
