// Rules of customers: create with addresses, update, delete (marked deleted and hidden, never
// lost) and restore, pipeline moves, the list with its filters, duplicate checks and merging.
import type { Tenant } from '../../db/tenant.js';
import { AnswerCache, type Versioned, versioned } from '../../platform/answer-cache.js';
import { audit } from '../../platform/audit.js';
import type { Paged } from '../../platform/envelope.js';
import { invalid, ValidationError } from '../../platform/errors.js';
import { paged, sortOfQuery } from '../../platform/list.js';
import { dateRangeOf, pageOf } from '../../platform/paging.js';
import * as addresses from './addresses.repository.js';
import { type AddressT, addressOf, type CustomerAddressInputT, toAddress } from './addresses.schemas.js';
import { addressValues, ensureMain, writeAddress } from './addresses.service.js';
import { ensurePrimary } from './contacts.service.js';
import { customerLists } from './customer-lists.js';
import { customersMerged } from './customers.events.js';
import * as repo from './customers.repository.js';
import {
  type CustomerInputT,
  type CustomerRow,
  type CustomersQueryT,
  type CustomerT,
  type CustomerToValidateT,
  type MergeCustomersT,
  toCustomer,
  type ValidateCustomerDtoT,
} from './customers.schemas.js';
import { checkPhone, isEmail, nameKey, normalizeEmail, phoneKey } from './keys.js';

const clean = (v: string | null | undefined) => (v === null || v === undefined ? null : v.trim() || null);

/** The country phones without + are read in: the customer's main (or first) address, else US. */
function mainCountry(list: CustomerAddressInputT[] | null | undefined): string {
  const main = list?.find((a) => a.isMain) ?? list?.[0];
  return main?.country?.toUpperCase() ?? 'US';
}

export function customerValues(input: CustomerInputT, country: string): repo.CustomerValues {
  const name = input.name.trim();
  if (!name) throw invalid('name', 'The name field is required.');
  const email = clean(input.email);
  const phone = clean(input.phone);
  return {
    name,
    email,
    phone,
    pipeline: input.pipeline ?? 1,
    source: input.source ?? 0,
    is_entrepreneur: input.isEntrepreneur ?? false,
    parent_customer_id: input.parentCustomerId ?? null,
    notes: clean(input.notes),
    // Sent or kept: a client that knows nothing of invoicing (an import, an older one) leaves them be.
    ...(input.paymentTermsDays !== undefined ? { payment_terms_days: input.paymentTermsDays } : {}),
    ...(input.taxExempt != null ? { tax_exempt: input.taxExempt } : {}),
    name_key: nameKey(name),
    email_key: normalizeEmail(email),
    phone_key: phoneKey(phone, country),
  };
}

/** Customers with their addresses: one query for the customers, one for all their addresses. */
async function withAddresses(t: Tenant, rows: CustomerRow[]): Promise<CustomerT[]> {
  const all = await addresses.addressesOfCustomers(
    t,
    rows.map((r) => r.id),
  );
  const byCustomer = new Map<number, ReturnType<typeof toAddress>[]>();
  for (const a of all) {
    const list = byCustomer.get(a.customer_id!);
    if (list) list.push(toAddress(a));
    else byCustomer.set(a.customer_id!, [toAddress(a)]);
  }
  return rows.map((r) => toCustomer(r, byCustomer.get(r.id) ?? []));
}

/** A list page's row: its addresses came with it (customers.repository.ts, withPageExtras). */
function fromPageRow(row: repo.PageRow): CustomerT {
  const json = row.addresses_json;
  const list = new Array<AddressT>(json.length);
  for (let i = 0; i < json.length; i++) {
    const a = json[i]!;
    list[i] = addressOf(a, row.name, new Date(a.created_at), new Date(a.updated_at));
  }
  return toCustomer(row, list);
}

/** The customer (active unless `statuses` says otherwise), or 404 "Customer 5 was not found.";
 *  what other areas check a customer id of theirs with (routes declare theirs: route ids). */
export function requireCustomer(t: Tenant, id: number, statuses: number[] = [0]): Promise<CustomerRow> {
  return repo.customerRecords.requireOne(t, id, { statuses });
}

/** The parent (an active customer: the gate read parentCustomerId) must not be the customer, nor
 *  its chain come back to it. */
async function checkParent(t: Tenant, customerId: number | null, parent: CustomerRow | undefined): Promise<void> {
  if (parent === undefined) return;
  if (parent.id === customerId) throw invalid('parentCustomerId', 'A customer cannot be its own parent.');
  let current: CustomerRow | undefined = parent;
  for (let depth = 0; current && depth < 50; depth++) {
    if (current.parent_customer_id === null) return;
    if (current.parent_customer_id === customerId) throw invalid('parentCustomerId', 'That parent would make the customer its own ancestor.');
    current = await repo.customerRecords.find(t, current.parent_customer_id);
  }
}

/** Addresses listed by id are the customer's own (the gate read them so, route ids). */
async function saveAddresses(t: Tenant, customerId: number, list: CustomerAddressInputT[]): Promise<void> {
  for (const [i, input] of list.entries()) {
    // Read again at its turn: the writes before it may have moved the main flag.
    const existing = input.id !== null && input.id !== undefined ? await addresses.addressRecords.reread(t, input.id) : null;
    await writeAddress(t, existing, addressValues(input, customerId, `addresses[${i}].country`), input.isMain ?? null, `addresses[${i}]`);
  }
}

const SORTABLE = { name: 'name', createdAt: 'created_at' } as const;

/** The routes' services take the customers the request names as the id gate read them (route ids). */
export function customersService(answerCacheBytes = 32 * 1024 * 1024) {
  const lists = customerLists();
  // Whole list answers, kept per company data version (GET /Customers declares it).
  const listAnswers = new AnswerCache({ version: repo.currentListVersion, maxBytes: answerCacheBytes });
  /** The customer's answer, with its addresses. */
  async function readRow(t: Tenant, row: CustomerRow): Promise<CustomerT> {
    return (await withAddresses(t, [row]))[0]!;
  }
  /** A customer by id, active unless `statuses` says otherwise, or 404 (other areas answer theirs so). */
  async function read(t: Tenant, id: number, statuses: number[] = [0]): Promise<CustomerT> {
    return readRow(t, await requireCustomer(t, id, statuses));
  }
  /** An active customer this request wrote, read again. */
  const reread = async (t: Tenant, id: number): Promise<CustomerT> => readRow(t, await repo.customerRecords.reread(t, id));

  return {
    read,
    readRow,
    listAnswers,

    async list(t: Tenant, q: CustomersQueryT): Promise<Versioned<Paged<CustomerT>>> {
      const page = pageOf(q);
      const asked = sortOfQuery(q, SORTABLE, { by: 'name', descending: false });
      const sort = { by: SORTABLE[asked.by as keyof typeof SORTABLE], descending: asked.descending };
      const statuses = q.status !== undefined ? [q.status] : q.activeCustomers === false ? [0, 1] : [0];
      if ((q.orderDateRangeStart === undefined) !== (q.orderDateRangeEnd === undefined)) {
        throw invalid('orderDateRangeEnd', 'orderDateRangeStart and orderDateRangeEnd go together: send both.');
      }
      const filter: repo.CustomerFilter = {
        statuses,
        search: q.SearchTerm?.trim() || null,
        nameOnly: q.searchOnlyByCustomerName ?? false,
        pipelines: q.PipelineTypes ?? null,
        sources: q.Sources ?? null,
        entrepreneur: q.Entrepreneur ?? null,
        lastOrder: q.orderDateRangeStart ? dateRangeOf([q.orderDateRangeStart, q.orderDateRangeEnd!], 'orderDateRangeEnd') : null,
        cities: q.Cities ?? null,
        states: q.States ?? null,
        zips: q.Zip ?? null,
        countries: q.Countries ?? null,
      };
      const { total, rows, version } = await lists.read(t, filter, sort, page);
      return versioned(paged(rows.map(fromPageRow), page, total), version);
    },

    /** `parent`: the customer parentCustomerId names, as the gate read it (required with it). */
    async create(t: Tenant, input: CustomerInputT, parent?: CustomerRow): Promise<CustomerT> {
      await checkParent(t, null, parent);
      const id = await repo.insertCustomer(t, customerValues(input, mainCountry(input.addresses)));
      await saveAddresses(
        t,
        id,
        (input.addresses ?? []).map((a) => ({ ...a, id: null })),
      );
      const created = await reread(t, id);
      await audit(t, { action: 'customer.create', entityType: 'customer', entityId: id, after: created });
      return created;
    },

    /** Updates the fields; listed addresses are updated (with id) or added (without); none is removed. */
    async update(t: Tenant, current: CustomerRow, input: CustomerInputT, parent: CustomerRow | undefined): Promise<null> {
      const id = current.id;
      const before = await readRow(t, current);
      await checkParent(t, id, parent);
      const country = input.addresses?.length ? mainCountry(input.addresses) : (before.addresses.find((a) => a.isMain)?.country ?? 'US');
      await repo.updateCustomer(t, id, customerValues(input, country));
      if (input.addresses) await saveAddresses(t, id, input.addresses);
      await audit(t, { action: 'customer.update', entityType: 'customer', entityId: id, before, after: await reread(t, id) });
      return null;
    },

    /** Marks the customers deleted (read locked, deleted ones too): hidden from lists, kept with
     *  everything they own. */
    async remove(t: Tenant, rows: CustomerRow[]): Promise<null> {
      const active = rows.filter((r) => r.status === 0);
      await repo.setStatus(
        t,
        active.map((r) => r.id),
        1,
      );
      for (const r of active)
        await audit(t, { action: 'customer.delete', entityType: 'customer', entityId: r.id, before: { status: 0 }, after: { status: 1 } });
      return null;
    },

    /** `row`: active or deleted. */
    async restore(t: Tenant, row: CustomerRow): Promise<null> {
      const id = row.id;
      if (row.status === 1) {
        await repo.setStatus(t, [id], 0);
        await audit(t, { action: 'customer.restore', entityType: 'customer', entityId: id, before: { status: 1 }, after: { status: 0 } });
      }
      return null;
    },

    async setPipeline(t: Tenant, row: CustomerRow, pipeline: number): Promise<null> {
      const id = row.id;
      if (row.pipeline !== pipeline) {
        await repo.updateCustomer(t, id, { pipeline });
        await audit(t, { action: 'customer.pipeline', entityType: 'customer', entityId: id, before: { pipeline: row.pipeline }, after: { pipeline } });
      }
      return null;
    },

    /** Reports problems in the fields and likely duplicates; writes nothing. */
    async validate(t: Tenant, input: CustomerToValidateT): Promise<ValidateCustomerDtoT> {
      const problems: ValidateCustomerDtoT['problems'] = [];
      const email = normalizeEmail(input.email);
      if (email && !isEmail(email)) problems.push({ field: 'email', message: `"${input.email}" is not an email address.` });
      const country = mainCountry(input.addresses);
      const phone = clean(input.phone) ? checkPhone(input.phone, country) : null;
      if (phone && !phone.valid) problems.push({ field: 'phone', message: `"${input.phone}" is not a valid phone number for ${country}.` });
      for (const [i, a] of (input.addresses ?? []).entries()) {
        try {
          addressValues(a, null, `addresses[${i}].country`);
        } catch (err) {
          if (!(err instanceof ValidationError)) throw err;
          for (const [field, messages] of Object.entries(err.errors)) problems.push({ field, message: messages.join(' ') });
        }
      }
      const keys = { name: nameKey(input.name), email: email && isEmail(email) ? email : null, phone: phoneKey(input.phone, country) };
      const found = await repo.findLikelyDuplicates(t, keys, input.id ?? null);
      return {
        isValid: problems.length === 0,
        problems,
        duplicates: found.map((c) => ({
          id: c.id,
          name: c.name,
          email: c.email,
          phone: c.phone,
          matchedOn: [
            ...(c.name_key === keys.name ? ['name'] : []),
            ...(keys.email && c.email_key === keys.email ? ['email'] : []),
            ...(keys.phone && c.phone_key === keys.phone ? ['phone'] : []),
          ],
        })),
        normalizedEmail: keys.email,
        normalizedPhone: phone?.e164 ?? null,
      };
    },

    /** Moves the children's addresses, contacts, mails and tickets to the parent in one
     *  transaction; the children end deleted, pointing at the parent. Support tickets are the
     *  support area's: it moves them when told (customersMerged), here they are only counted.
     *  `parent` and `merged`: the active customers the input names, read locked (the gate's). */
    async merge(t: Tenant, input: MergeCustomersT, parent: CustomerRow, merged: CustomerRow[]) {
      const children = [...new Set(input.customerIds)];
      if (children.includes(parent.id)) throw invalid('customerIds', 'The parent cannot be merged into itself.');
      const moved = await repo.moveChildren(t, children, parent.id);
      moved.support_tickets = await repo.ticketCount(t, children);
      await t.announce(customersMerged, { fromIds: children, intoId: parent.id });
      if (parent.parent_customer_id !== null && children.includes(parent.parent_customer_id)) {
        await repo.updateCustomer(t, parent.id, { parent_customer_id: null });
      }
      await ensureMain(t, parent.id);
      await ensurePrimary(t, parent.id);
      await repo.setStatus(t, children, 1, parent.id);
      await audit(t, {
        action: 'customer.merge',
        entityType: 'customer',
        entityId: parent.id,
        before: merged.map((r) => ({ id: r.id, name: r.name })),
        after: { mergedCustomerIds: children, moved },
      });
      return { parentCustomerId: parent.id, mergedCustomerIds: children, moved };
    },
  };
}

export type CustomersService = ReturnType<typeof customersService>;
