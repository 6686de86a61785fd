// Creating companies and accounts, and setting passwords: cross-company work done through the
// privileged executor, explicitly. Used by the `fds` CLI, the demo and the test factories — never
// by a request.
import { randomBytes, randomUUID } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/database.js';
import type { DB } from '../../db/types.js';
import { COMPANY_ADMIN, DEFAULT_ROLES } from '../../platform/access.js';
import { fail } from '../../platform/errors.js';
import { hashPassword, MIN_PASSWORD_LENGTH } from '../../platform/passwords.js';
import { principalsChanged } from '../../platform/principal-cache.js';
import { seedSystemChargeTypes } from '../charge-types/index.js';
import { UsersErrors } from './users.errors.js';

export const newSecurityStamp = () => randomBytes(16).toString('base64url');

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function checkEmail(email: string): string {
  const trimmed = email.trim();
  if (!EMAIL.test(trimmed) || trimmed.length > 254) throw fail(UsersErrors.invalidEmail, `"${email}" is not an email address.`);
  return trimmed;
}

function checkPassword(password: string): void {
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw fail(UsersErrors.weakPassword, `A password needs at least ${MIN_PASSWORD_LENGTH} characters.`);
  }
}

/** "Ada Lovelace" → first name Ada, last name Lovelace. */
export function splitName(name: string | null | undefined): { first: string | null; last: string | null } {
  const parts = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return { first: null, last: null };
  return { first: parts[0]!, last: parts.slice(1).join(' ') || null };
}

export interface NewCompany {
  name: string;
  adminEmail: string;
  adminPassword: string;
  adminName?: string | null;
  isDemo?: boolean;
}

/** The company, its default roles (docs/architecture.md, "Default roles and permissions") and its first user, a Company Admin. An email
 *  that already has an account gets a membership; its password is left as it was. */
export async function createCompany(db: Db, input: NewCompany): Promise<{ companyId: number; userId: string }> {
  const name = input.name.trim();
  if (!name) throw fail(UsersErrors.companyNameRequired, 'A company needs a name.');
  const email = checkEmail(input.adminEmail);
  checkPassword(input.adminPassword);
  const passwordHash = await hashPassword(input.adminPassword);
  return db.transaction().execute(async (trx) => {
    const company = await trx
      .insertInto('companies')
      .values({ name, is_demo: input.isDemo ?? false })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const role of DEFAULT_ROLES) {
      const { id } = await trx
        .insertInto('roles')
        .values({ company_id: company.id, name: role.name, description: role.description, is_default: true })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('role_permissions')
        .values(role.permissions.map((permission) => ({ company_id: company.id, role_id: id, permission })))
        .execute();
    }
    await seedSystemChargeTypes(trx, company.id);
    const userId = await findOrCreateUser(trx, email, passwordHash, splitName(input.adminName));
    await addMembership(trx, company.id, userId, COMPANY_ADMIN);
    return { companyId: company.id, userId };
  });
}

export interface NewMember {
  companyId: number;
  email: string;
  password: string | null;
  role: string;
  name?: string | null;
}

/** Adds a user to a company with a role; an existing email gets the membership, password kept. */
export async function addMember(db: Db, input: NewMember): Promise<{ userId: string }> {
  const email = checkEmail(input.email);
  if (input.password !== null) checkPassword(input.password);
  const passwordHash = input.password === null ? null : await hashPassword(input.password);
  const made = await db.transaction().execute(async (trx) => {
    const company = await trx.selectFrom('companies').select('id').where('id', '=', input.companyId).executeTakeFirst();
    if (!company) throw fail(UsersErrors.companyNotFound, `There is no company ${input.companyId}.`);
    const userId = await findOrCreateUser(trx, email, passwordHash, splitName(input.name));
    await addMembership(trx, input.companyId, userId, input.role);
    return { userId };
  });
  await principalsChanged({ companyId: input.companyId, userId: made.userId }, db);
  return made;
}

/** Sets the password and rotates the security stamp: every token issued before stops working. */
export async function setPassword(db: Db, email: string, password: string): Promise<{ userId: string }> {
  checkPassword(password);
  const passwordHash = await hashPassword(password);
  const row = await db
    .updateTable('users')
    .set({ password_hash: passwordHash, security_stamp: newSecurityStamp(), updated_at: new Date() })
    .where(sql<string>`lower(email)`, '=', email.trim().toLowerCase())
    .returning('id')
    .executeTakeFirst();
  if (!row) throw fail(UsersErrors.userNotFound, `There is no user with the email ${email}.`);
  await principalsChanged({ userId: row.id }, db);
  return { userId: row.id };
}

async function findOrCreateUser(
  trx: Transaction<DB>,
  email: string,
  passwordHash: string | null,
  name: { first: string | null; last: string | null },
): Promise<string> {
  const existing = await trx.selectFrom('users').select('id').where(sql<string>`lower(email)`, '=', email.toLowerCase()).executeTakeFirst();
  if (existing) return existing.id;
  const id = randomUUID();
  await trx
    .insertInto('users')
    .values({
      id,
      email,
      password_hash: passwordHash,
      security_stamp: newSecurityStamp(),
      first_name: name.first,
      last_name: name.last,
    })
    .execute();
  return id;
}

async function addMembership(trx: Transaction<DB>, companyId: number, userId: string, roleName: string): Promise<void> {
  const role = await trx
    .selectFrom('roles')
    .select(['id', 'name'])
    .where('company_id', '=', companyId)
    .where(sql<string>`lower(name)`, '=', roleName.trim().toLowerCase())
    .executeTakeFirst();
  if (!role) {
    const names = await trx.selectFrom('roles').select('name').where('company_id', '=', companyId).orderBy('id').execute();
    throw fail(UsersErrors.roleNotFound, `Company ${companyId} has no role "${roleName}" (roles: ${names.map((n) => n.name).join(', ')}).`);
  }
  // A membership removed earlier comes back, enabled, with the new role only.
  // The company's copy of the member's profile comes with the membership (company_users.email...).
  const profile = await trx.selectFrom('users').select(['email', 'first_name', 'last_name', 'phone']).where('id', '=', userId).executeTakeFirstOrThrow();
  await trx
    .insertInto('company_users')
    .values({ company_id: companyId, user_id: userId, ...profile })
    .onConflict((oc) =>
      oc
        .columns(['company_id', 'user_id'])
        .doUpdateSet({ deleted_at: null, is_disabled: false, ...profile })
        .where('company_users.deleted_at', 'is not', null),
    )
    .execute();
  await trx
    .insertInto('user_roles')
    .values({ company_id: companyId, user_id: userId, role_id: role.id })
    .onConflict((oc) => oc.doNothing())
    .execute();
}
