// The users-and-roles area: what other areas, the CLI and tests may use.
import type { Area } from '../../platform/area.js';
import { usersRoutes } from './users.routes.js';
import { usersService } from './users.service.js';
import { UsersErrors } from './users.errors.js';

export const usersArea: Area = {
  name: 'Users and roles',
  errors: UsersErrors,
  routes: (deps) => usersRoutes(usersService({ publicUrl: deps.config.publicUrl })),
};

export { addMember, createCompany, newSecurityStamp, setPassword, splitName } from './provisioning.js';
export { hashInvitationToken } from './users.service.js';
export { CompanyUser, toCompanyUser, type CompanyUserT } from './users.schemas.js';
