// Models of the account area: LoginRequest, Company, the user's profile, the version.

import { DateTime, Id, Opt, type Static, Type } from '../../platform/schemas.js';
import { CompanyUser } from '../users/index.js';

export const LoginRequest = Type.Object(
  {
    userName: Type.String({ minLength: 1, maxLength: 254, description: 'The sign-in email address.' }),
    password: Type.String({ minLength: 1, maxLength: 1024 }),
    companyId: Opt(
      Type.Integer({
        format: 'int32',
        description: 'fds extension: the company to sign in to, for a user of several companies. Default: the company last worked in.',
      }),
    ),
  },
  { $id: 'LoginRequest' },
);
export type LoginRequestT = Static<typeof LoginRequest>;

export const AcceptInvitationRequest = Type.Object({
  token: Type.String({ minLength: 1, maxLength: 200, description: 'The token of the invitation link.' }),
  password: Type.String({ minLength: 8, maxLength: 1024 }),
  firstName: Opt(Type.String({ maxLength: 100 })),
  lastName: Opt(Type.String({ maxLength: 100 })),
});
export type AcceptInvitationRequestT = Static<typeof AcceptInvitationRequest>;

export const Company = Type.Object(
  {
    id: Id,
    name: Type.String(),
    isActive: Type.Boolean(),
    isCurrent: Type.Boolean({ description: 'The company the session works in.' }),
    createdAt: DateTime,
  },
  { $id: 'Company' },
);
export type CompanyT = Static<typeof Company>;

export const UserData = Type.Object(
  {
    ...CompanyUser.properties,
    companyName: Type.String(),
    isCompanyAdmin: Type.Boolean(),
    permissions: Type.Array(Type.String(), { description: 'Names of the permissions the user holds in this company.' }),
  },
  { $id: 'UserData', description: 'CompanyUser with extra profile data.' },
);
export type UserDataT = Static<typeof UserData>;

export const VersionInfo = Type.Object({
  version: Type.String({ description: 'The running API version.' }),
  apiVersions: Type.Array(Type.String(), { description: 'Versions this service serves.' }),
  serviceVersion: Type.String({ description: 'Release of the fds service.' }),
});
