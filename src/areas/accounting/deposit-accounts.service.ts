// 'Deposit to' accounts: made or changed by POST /Accounting/DepositAccount (an id changes that
// one), listed with their running totals. One of them may be the default, where payments recorded
// without an account go.
import type { Tenant } from '../../db/tenant.js';
import { audit } from '../../platform/audit.js';
import { fail } from '../../platform/errors.js';
import { isCurrencyCode } from '../../platform/validation.js';
import { text } from '../../platform/writes.js';
import { AccountingErrors } from './accounting.errors.js';
import { depositAccountSaved } from './accounting.events.js';
import * as repo from './deposit-accounts.repository.js';
import { hasAtMostDecimals, sum } from './money.js';
import type { DepositAccountInputT, DepositAccountT } from './payments.schemas.js';

const toAccount = (r: repo.DepositAccountTotals): DepositAccountT => ({
  id: r.id,
  name: r.name,
  accountType: r.account_type,
  ledgerAccount: r.ledger_account,
  currency: r.currency,
  openingBalance: r.opening_balance,
  isDefault: r.is_default,
  depositedTotal: r.deposited_total,
  paymentsCount: r.payments_count,
  balance: sum([r.opening_balance, r.deposited_total]),
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

export async function listDepositAccounts(t: Tenant): Promise<DepositAccountT[]> {
  return (await repo.accountsWithTotals(t)).map(toAccount);
}

async function readAccount(t: Tenant, id: number): Promise<DepositAccountT> {
  const [row] = await repo.accountsWithTotals(t, [id]);
  return toAccount(row!);
}

/** `account`: the one `input.id` names, read by the id gate; none for a new one. */
export async function saveDepositAccount(t: Tenant, account: repo.DepositAccountRow | undefined, input: DepositAccountInputT): Promise<DepositAccountT> {
  const before = account ? await readAccount(t, account.id) : null;
  const name = input.name.trim();
  const currency = (input.currency ?? before?.currency ?? 'USD').trim().toUpperCase();
  if (!isCurrencyCode(currency)) throw fail(AccountingErrors.unknownCurrency, `${input.currency} is not an ISO 4217 currency code.`);
  if (before && currency !== before.currency && before.paymentsCount > 0)
    throw fail(AccountingErrors.currencyMismatch, `Deposit account ${before.id} holds ${before.paymentsCount} payments in ${before.currency}.`);
  if (input.openingBalance != null && !hasAtMostDecimals(input.openingBalance, 2))
    throw fail(AccountingErrors.invalidAmount, `openingBalance ${input.openingBalance} has more than 2 decimals.`);
  const taken = await repo.accountNamed(t, name, before?.id ?? null);
  if (taken !== null) throw fail(AccountingErrors.depositAccountNameTaken, `Deposit account ${taken} is named ${name}.`);
  const isDefault = input.isDefault ?? before?.isDefault ?? false;
  if (isDefault) await repo.clearDefault(t, before?.id ?? null);
  const values = {
    name,
    account_type: input.accountType ?? before?.accountType ?? 'Bank',
    ledger_account: input.ledgerAccount !== undefined ? text(input.ledgerAccount) : (before?.ledgerAccount ?? null),
    currency,
    opening_balance: input.openingBalance ?? before?.openingBalance ?? 0,
    is_default: isDefault,
  };
  let id: number;
  if (before) {
    id = before.id;
    await repo.updateAccount(t, id, values);
  } else id = await repo.insertAccount(t, values);
  const after = await readAccount(t, id);
  await audit(t, { action: depositAccountSaved.name, entityType: 'deposit_account', entityId: id, before, after });
  await t.announce(depositAccountSaved, { id, name: after.name, isDefault: after.isDefault });
  return after;
}
