// Sign-in, invitations, the signed-in user's profile and companies.
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { Tenant } from '../../db/tenant.js';
import type { Principal, Tokens } from '../../platform/auth.js';
import type { Paged } from '../../platform/envelope.js';
import { Codes, fail, notFound, TooManyRequests } from '../../platform/errors.js';
import { hashPassword, verifyPassword } from '../../platform/passwords.js';
import { principalsChanged } from '../../platform/principal-cache.js';
import { WindowCounter } from '../../platform/rate-limit.js';
import type { PageQueryT } from '../../platform/schemas.js';
import { acceptInvitation, type CompanyUserT, hashInvitationToken, markSignedIn, newSecurityStamp } from '../users/index.js';
import { AccountErrors } from './account.errors.js';
import * as repo from './account.repository.js';
import type { AcceptInvitationRequestT, CompanyT, LoginRequestT, UserDataT } from './account.schemas.js';

const invalidLogin = () => fail(Codes.invalidLogin, 'The email or password is incorrect.');
const inactiveCompany = () => fail(Codes.inactiveCompany, 'The company of this user is not active.');

export const API_VERSION = '1.0';
export const API_VERSIONS = ['1.0', '2.0'];

/** The company to sign in to: the one asked for, else the one last worked in that is active. */
function chooseCompany(memberships: repo.Membership[], requested: number | null | undefined): number {
  const enabled = memberships.filter((m) => !m.is_disabled);
  if (enabled.length === 0) throw invalidLogin();
  if (requested !== null && requested !== undefined) {
    const asked = enabled.find((m) => m.company_id === requested);
    if (!asked) throw invalidLogin();
    if (!asked.company_active) throw inactiveCompany();
    return asked.company_id;
  }
  const recentFirst = [...enabled].sort(
    (a, b) => (b.last_worked_at?.getTime() ?? 0) - (a.last_worked_at?.getTime() ?? 0) || a.created_at.getTime() - b.created_at.getTime(),
  );
  const active = recentFirst.find((m) => m.company_active);
  if (!active) throw inactiveCompany();
  return active.company_id;
}

export interface AccountServiceDeps {
  db: Db;
  tokens: Tokens;
  config: Pick<Config, 'signIn'>;
}

export function accountService(deps: AccountServiceDeps) {
  const perAddress = new WindowCounter(deps.config.signIn.perAddress);
  const perAccount = new WindowCounter(deps.config.signIn.perAccount);

  function profile(principal: Principal): CompanyUserT {
    return {
      id: principal.userId,
      email: principal.email,
      firstName: principal.firstName,
      lastName: principal.lastName,
      phone: principal.phone,
      isDisabled: false,
      roles: [...principal.roles],
      companyId: principal.companyId,
      createdAt: principal.memberSince,
      lastLoginAt: principal.lastLoginAt,
      invitedAt: principal.invitedAt,
    };
  }

  return {
    /** Every attempt counts against the client address; failures count against the account. An
     *  unknown email costs the same password hash as a known one. */
    async login(input: LoginRequestT, clientAddress: string): Promise<string> {
      const account = input.userName.trim().toLowerCase();
      if (perAddress.hit(clientAddress) || perAccount.exceeded(account)) throw new TooManyRequests();
      const found = await repo.findSignInUser(deps.db, account);
      const passwordOk = await verifyPassword(found?.user.password_hash, input.password);
      if (!found || !passwordOk) {
        perAccount.hit(account);
        throw invalidLogin();
      }
      const companyId = chooseCompany(found.memberships, input.companyId);
      perAccount.reset(account);
      await markSignedIn(deps.db, companyId, found.user.id);
      await principalsChanged({ companyId, userId: found.user.id }, deps.db);
      return deps.tokens.issue({ sub: found.user.id, cid: companyId, sst: found.user.security_stamp });
    },

    /** Sets the invited user's password and signs them in to the inviting company; the company
     *  keeps an audit row of it (user.accept_invitation, by the user). */
    async acceptInvitation(input: AcceptInvitationRequestT, clientAddress: string, requestId: string | null = null): Promise<string> {
      if (perAddress.hit(clientAddress)) throw new TooManyRequests();
      const invitation = await repo.findInvitation(deps.db, hashInvitationToken(input.token));
      if (!invitation) throw fail(AccountErrors.invalidInvitation, 'The invitation is invalid, used or expired.');
      if (!invitation.company_active) throw inactiveCompany();
      const securityStamp = newSecurityStamp();
      await acceptInvitation(
        deps.db,
        invitation,
        {
          passwordHash: await hashPassword(input.password),
          securityStamp,
          firstName: input.firstName?.trim() || null,
          lastName: input.lastName?.trim() || null,
        },
        requestId,
      );
      await principalsChanged({ userId: invitation.user_id }, deps.db);
      return deps.tokens.issue({ sub: invitation.user_id, cid: invitation.company_id, sst: securityStamp });
    },

    user: profile,

    userData(principal: Principal): UserDataT {
      return {
        ...profile(principal),
        companyName: principal.companyName,
        isCompanyAdmin: principal.isCompanyAdmin,
        permissions: [...principal.permissions].sort(),
      };
    },

    async companyInfo(t: Tenant): Promise<CompanyT> {
      const row = await repo.companyInfo(t);
      if (!row) throw notFound('Company', t.companyId);
      return { id: row.id, name: row.name, isActive: row.is_active, isCurrent: true, createdAt: row.created_at };
    },

    /** Companies the user can work in (membership enabled). Spans companies: privileged, by user. */
    userCompanies(principal: Principal, q: PageQueryT): Promise<Paged<CompanyT>> {
      return repo.listUserCompanies({ db: deps.db, userId: principal.userId, currentCompanyId: principal.companyId }, q);
    },
  };
}

export type AccountService = ReturnType<typeof accountService>;
