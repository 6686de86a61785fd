// Account and company (part 1, "Account and company"), and accepting an invitation (fds extension).
import { readFileSync } from 'node:fs';
import { publicAccess, signedIn } from '../../platform/access.js';
import { PagedList } from '../../platform/envelope.js';
import { type AnyRoute, defineRoute } from '../../platform/route.js';
import { PageQuery, Type } from '../../platform/schemas.js';
import { CompanyUser } from '../users/index.js';
import { AcceptInvitationRequest, Company, LoginRequest, UserData, VersionInfo } from './account.schemas.js';
import { type AccountService, API_VERSION, API_VERSIONS } from './account.service.js';

const serviceVersion = (JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

const SIGN_IN_LIMITS =
  'Rate limited: per client address (SIGNIN_LIMIT_PER_ADDRESS a minute, default 30) and per account (SIGNIN_LIMIT_PER_ACCOUNT failed attempts in 15 minutes, default 10); past a limit the answer is 429 with an empty body.';

export function accountRoutes(account: AccountService): AnyRoute[] {
  return [
    defineRoute({
      method: 'POST',
      url: '/Auth/Login',
      access: publicAccess,
      // A company (companies are global rows): one the user is a member of, else auth.invalid_login.
      ids: { body: { companyId: 'global' } },
      summary: 'Sign in',
      description:
        'Answers a session token (JWT) valid 30 days; send it as `Authorization: Bearer <token>`. Wrong email or password, or a disabled user: 400 auth.invalid_login. Inactive company: 400 auth.invalid_login_because_inactive_company. A missing or empty field: the validation problem object. A user of several companies signs in to the company last worked in, or to `companyId` when given.',
      notes: [SIGN_IN_LIMITS],
      statuses: [429],
      body: LoginRequest,
      response: Type.String({ description: 'The session token.' }),
      handler: ({ body, request }) => account.login(body, request.ip),
    }),
    defineRoute({
      method: 'POST',
      url: '/Auth/AcceptInvitation',
      access: publicAccess,
      summary: 'Accept an invitation (fds extension)',
      description:
        'Sets the password of an invited user with the one-time token of the invitation mail, and answers a session token in the inviting company. The token is used up; every earlier session of the user ends; the company keeps an audit row of it (user.accept_invitation). Invalid, used or expired token: 400 auth.invalid_invitation.',
      notes: [SIGN_IN_LIMITS],
      statuses: [429],
      body: AcceptInvitationRequest,
      response: Type.String({ description: 'The session token.' }),
      handler: ({ body, request }) => account.acceptInvitation(body, request.ip, request.id),
    }),
    defineRoute({
      method: 'GET',
      url: '/App/User',
      access: signedIn,
      transaction: false,
      summary: 'The signed-in user',
      response: CompanyUser,
      handler: ({ principal }) => account.user(principal),
    }),
    defineRoute({
      method: 'GET',
      url: '/App/UserData',
      access: signedIn,
      transaction: false,
      summary: 'The signed-in user with profile data',
      description: "CompanyUser with the company's name, whether the user is a Company Admin, and the names of the user's permissions.",
      response: UserData,
      handler: ({ principal }) => account.userData(principal),
    }),
    defineRoute({
      method: 'GET',
      url: '/Company/Info',
      access: signedIn,
      summary: 'The company the session works in',
      response: Company,
      handler: ({ tenant }) => account.companyInfo(tenant),
    }),
    defineRoute({
      method: 'GET',
      url: '/Company/UserToCompanies',
      access: signedIn,
      transaction: false,
      summary: 'Companies the signed-in user belongs to',
      description:
        "Companies where the user's membership is enabled; isCurrent marks the session's. SearchTerm matches the name; SortBy: name (default), id, createdAt. To work in another company, sign in with its companyId.",
      querystring: PageQuery,
      response: PagedList(Company),
      handler: ({ principal, query }) => account.userCompanies(principal, query),
    }),
    defineRoute({
      method: 'GET',
      url: '/Settings/Version',
      access: publicAccess,
      summary: 'The running API version',
      response: VersionInfo,
      handler: () => ({ version: API_VERSION, apiVersions: API_VERSIONS, serviceVersion }),
    }),
  ];
}
