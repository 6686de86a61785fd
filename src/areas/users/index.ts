// The users-and-roles area: what other areas, the CLI and tests may use.
import type { Area } from '../../platform/area.js';
import { UsersErrors } from './users.errors.js';
import { roleRecords, userRecords } from './users.repository.js';
import { usersRoutes } from './users.routes.js';
import { usersService } from './users.service.js';

export const usersArea: Area = {
  name: 'Users and roles',
  errors: UsersErrors,
  resources: [userRecords, roleRecords],
  routes: (deps) => usersRoutes(usersService({ publicUrl: deps.config.publicUrl })),
};

export { addMember, createCompany, newSecurityStamp, setPassword, splitName } from './provisioning.js';
export { type AcceptedInvitation, acceptInvitation, type InvitationChange, markSignedIn } from './sign-in.js';
export { memberRemoved } from './users.events.js';
export { roleRecords, userRecords } from './users.repository.js';
export { CompanyUser, type CompanyUserT, toCompanyUser } from './users.schemas.js';
export { hashInvitationToken } from './users.service.js';
