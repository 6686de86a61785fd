// SQL of a contact list, whoever owns it: customers' contacts (customer_contacts.customer_id) and
// carriers' (outsource_company_contacts.outsource_company_id) have the same columns but their
// owner's. One implementation serves both through the owner column's name; each area keeps the
// queries only it has (lookups with its owner's status, usage, exports).
import { type Selectable, sql } from 'kysely';
import type { Tenant } from '../../db/tenant.js';
import type { CustomerContactsTable } from './customers.tables.js';

/** The columns every contact table has, besides its owner: customer_contacts' but customer_id. */
export type ContactTable = Omit<CustomerContactsTable, 'customer_id'>;

/** A contact row as read, but its owner. */
export type ContactColumns = Omit<Selectable<ContactTable>, 'company_id'>;

export type ContactTableName = 'customer_contacts' | 'outsource_company_contacts';

/** What a write sets: the row without its key, owner, primary flag (moved by makePrimary) and timestamps. */
export type ContactFieldValues = Omit<ContactColumns, 'id' | 'is_primary' | 'created_at' | 'updated_at'>;

const COLUMNS = ['id', 'name', 'email', 'phone', 'phone_extension', 'title', 'notes', 'is_primary', 'created_at', 'updated_at'] as const;

/** The contact table `table` whose owner is in column `owner`, rows typed as `Row`. */
export function contactTable<Row extends ContactColumns>(table: ContactTableName, owner: string) {
  // Through the company door. Typed as customer_contacts: both tables have every column used here
  // (the owner's is named by `ownerRef`).
  const name = table as 'customer_contacts';
  const ownerRef = sql.ref(owner);
  const rows = (t: Tenant) => t.select(name);

  return {
    /** The owners' contacts, each owner's primary first, then oldest first. */
    async contactsOf(t: Tenant, ownerIds: number[]): Promise<Row[]> {
      if (ownerIds.length === 0) return [];
      const found = await rows(t)
        .select([...COLUMNS, sql<number>`${ownerRef}`.as(owner)])
        .where(ownerRef, 'in', ownerIds)
        .orderBy(ownerRef)
        .orderBy('is_primary', 'desc')
        .orderBy('id')
        .execute();
      return found as unknown as Row[];
    },

    async update(t: Tenant, id: number, values: Partial<ContactFieldValues>): Promise<void> {
      await t
        .update(name)
        .set({ ...values, updated_at: new Date() })
        .where('id', '=', id)
        .execute();
    },

    async remove(t: Tenant, ids: number[]): Promise<void> {
      if (ids.length === 0) return;
      await t.delete(name).where('id', 'in', ids).execute();
    },

    /** Makes one contact its owner's primary (the previous one stops being it). */
    async makePrimary(t: Tenant, ownerId: number, id: number): Promise<void> {
      await t.update(name).set({ is_primary: false }).where(ownerRef, '=', ownerId).where('is_primary', '=', true).where('id', '<>', id).execute();
      await t.update(name).set({ is_primary: true, updated_at: new Date() }).where('id', '=', id).execute();
    },

    async primaryOf(t: Tenant, ownerId: number): Promise<number | null> {
      const row = await rows(t).select('id').where(ownerRef, '=', ownerId).where('is_primary', '=', true).executeTakeFirst();
      return row?.id ?? null;
    },

    /** The owner's oldest contact, other than one. */
    async oldestContactId(t: Tenant, ownerId: number, exceptId: number | null): Promise<number | null> {
      let q = rows(t).select('id').where(ownerRef, '=', ownerId);
      if (exceptId !== null) q = q.where('id', '<>', exceptId);
      const row = await q.orderBy('id').limit(1).executeTakeFirst();
      return row?.id ?? null;
    },

    /** Owners having contacts, in id order from `after`: the batches of a company-wide pass. */
    async ownersWithContacts(t: Tenant, after: number, limit: number): Promise<number[]> {
      const found = await rows(t)
        .select(sql<number>`${ownerRef}`.as('owner_id'))
        .distinct()
        .where(ownerRef, '>', after)
        .orderBy('owner_id')
        .limit(limit)
        .execute();
      return found.map((r) => r.owner_id);
    },
  };
}

export type ContactTableSql<Row extends ContactColumns> = ReturnType<typeof contactTable<Row>>;
