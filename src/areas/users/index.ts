// The users-and-roles area: what other areas, the CLI and tests may use.
import type { Area } from '../../platform/area.js';
import { usersRoutes } from './users.routes.js';
import { usersService } from './users.service.js';
import { UsersErrors } from './users.errors.js';
import { roleRecords, userRecords } from './users.repository.js';

export const usersArea: Area = {
  name: 'Users and roles',
  errors: UsersErrors,
  resources: [userRecords, roleRecords],
  routes: (deps) => usersRoutes(usersService({ publicUrl: deps.config.publicUrl })),
};

export { addMember, createCompany, newSecurityStamp, setPassword, splitName } from './provisioning.js';
export { hashInvitationToken } from './users.service.js';
export { acceptInvitation, markSignedIn, type AcceptedInvitation, type InvitationChange } from './sign-in.js';
export { roleRecords, userRecords } from './users.repository.js';
export { CompanyUser, toCompanyUser, type CompanyUserT } from './users.schemas.js';
