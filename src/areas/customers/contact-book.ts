// The rules every contact list follows, whoever owns it (customers here; carriers in
// src/areas/carriers): one primary per owner that has contacts; a used contact is deleted only by
// moving its uses to the primary; normalization writes emails lower-case and phones in E.164 (in
// the owner's country when they have no +) and merges contacts identical afterwards. Each area
// gives its table's SQL, where its contacts are used and its owners' countries.
import type { Tenant } from '../../db/tenant.js';
import type { AppError } from '../../platform/errors.js';
import type { ContactColumns, ContactTableSql } from './contact-book.repository.js';
import { checkPhone, normalizeEmail } from './keys.js';

export interface ContactStore<Row extends ContactColumns> extends ContactTableSql<Row> {
  ownerOf(row: Row): number;
  /** The country of each owner (to read phones written without +); US when absent. */
  countriesOf(t: Tenant, ownerIds: number[]): Promise<Map<number, string>>;
  /** Moves every use of the contacts to another contact. */
  reassignUses(t: Tenant, fromIds: number[], toId: number): Promise<void>;
}

export interface ContactChange {
  contactId: number;
  ownerId: number;
  field: 'email' | 'phone';
  from: string;
  to: string;
}

export interface ContactPlan {
  changes: ContactChange[];
  merges: Array<{ keepContactId: number; mergedContactIds: number[] }>;
  invalidPhones: Array<{ contactId: number; phone: string }>;
}

export type NormalizeMode = 'preview' | 'apply' | 'merge';

/** Owners processed together by a company-wide normalization. */
const NORMALIZE_BATCH = 200;

/** A contact's answer fields, but its owner's. */
export function contactFields(row: ContactColumns) {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    phoneExtension: row.phone_extension,
    title: row.title,
    notes: row.notes,
    isPrimary: row.is_primary,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function contactBook<Row extends ContactColumns>(store: ContactStore<Row>) {
  /** The plan for a set of owners: email and phone changes, merges of identical contacts. */
  function planFor(rows: Row[], countries: Map<number, string>): ContactPlan & { finals: Map<number, { email: string | null; phone: string | null }> } {
    const plan: ContactPlan = { changes: [], merges: [], invalidPhones: [] };
    const finals = new Map<number, { email: string | null; phone: string | null }>();
    for (const row of rows) {
      const ownerId = store.ownerOf(row);
      const email = normalizeEmail(row.email);
      let phone = row.phone;
      if (row.phone) {
        const check = checkPhone(row.phone, countries.get(ownerId) ?? 'US');
        if (check.valid) phone = check.e164;
        else plan.invalidPhones.push({ contactId: row.id, phone: row.phone });
      }
      if (email !== row.email && row.email !== null) plan.changes.push({ contactId: row.id, ownerId, field: 'email', from: row.email, to: email ?? '' });
      if (phone !== row.phone && row.phone !== null) plan.changes.push({ contactId: row.id, ownerId, field: 'phone', from: row.phone, to: phone ?? '' });
      finals.set(row.id, { email, phone });
    }
    // Identical after normalization: same owner, name (any case), email and phone.
    const groups = new Map<string, Row[]>();
    for (const row of rows) {
      const f = finals.get(row.id)!;
      const key = [store.ownerOf(row), row.name.trim().toLowerCase(), f.email ?? '', f.phone ?? ''].join('\u0000');
      groups.set(key, [...(groups.get(key) ?? []), row]);
    }
    for (const group of groups.values()) {
      if (group.length < 2) continue;
      const keep = group.find((r) => r.is_primary) ?? group.reduce((a, b) => (a.id < b.id ? a : b));
      plan.merges.push({ keepContactId: keep.id, mergedContactIds: group.filter((r) => r !== keep).map((r) => r.id).sort((a, b) => a - b) });
    }
    return { ...plan, finals };
  }

  /** An owner with contacts and no primary gets its oldest contact as primary. */
  async function ensurePrimary(t: Tenant, ownerId: number): Promise<number | null> {
    const primary = await store.primaryOf(t, ownerId);
    if (primary !== null) return primary;
    const oldest = await store.oldestContactId(t, ownerId, null);
    if (oldest !== null) await store.makePrimary(t, ownerId, oldest);
    return oldest;
  }

  return {
    ensurePrimary,

    /** After a write: isPrimary=true makes the contact primary; false on the primary passes the
     *  role to the oldest other contact; the owner always ends with a primary. */
    async settlePrimary(t: Tenant, ownerId: number, id: number, wasPrimary: boolean, isPrimary: boolean | null | undefined): Promise<void> {
      if (isPrimary === true) await store.makePrimary(t, ownerId, id);
      else if (isPrimary === false && wasPrimary) {
        const other = await store.oldestContactId(t, ownerId, id);
        if (other !== null) await store.makePrimary(t, ownerId, other);
      }
      await ensurePrimary(t, ownerId);
    },

    /** Deletes a contact. A used one is refused unless its uses move to the primary contact — or,
     *  when it is the primary, to the contact that becomes primary. */
    async remove(t: Tenant, contact: Row, uses: number, reassignToPrimary: boolean, refusals: { inUse: () => AppError; noPrimary: () => AppError }) {
      const ownerId = store.ownerOf(contact);
      const successor = contact.is_primary ? await store.oldestContactId(t, ownerId, contact.id) : await store.primaryOf(t, ownerId);
      let reassignedTo: number | null = null;
      if (uses > 0) {
        if (!reassignToPrimary) throw refusals.inUse();
        if (successor === null) throw refusals.noPrimary();
        await store.reassignUses(t, [contact.id], successor);
        reassignedTo = successor;
      }
      await store.remove(t, [contact.id]);
      const newPrimary = contact.is_primary ? await ensurePrimary(t, ownerId) : null;
      return { reassignedTo, newPrimary };
    },

    /** Runs the normalization plan owner batch by owner batch, for one owner or (null) all:
     *  `preview` writes nothing, `apply` writes it all, `merge` only merges identical contacts. */
    async normalize(t: Tenant, ownerId: number | null, mode: NormalizeMode): Promise<ContactPlan & { updated: number; merged: number }> {
      const total: ContactPlan = { changes: [], merges: [], invalidPhones: [] };
      let updated = 0;
      let merged = 0;
      const run = async (ownerIds: number[]) => {
        const plan = planFor(await store.contactsOf(t, ownerIds), await store.countriesOf(t, ownerIds));
        if (mode !== 'merge') {
          total.changes.push(...plan.changes);
          total.invalidPhones.push(...plan.invalidPhones);
        }
        total.merges.push(...plan.merges);
        if (mode === 'preview') return;
        if (mode === 'apply') {
          const changed = new Set(plan.changes.map((c) => c.contactId));
          for (const id of changed) await store.update(t, id, plan.finals.get(id)!);
          updated += changed.size;
        }
        for (const m of plan.merges) {
          await store.reassignUses(t, m.mergedContactIds, m.keepContactId);
          await store.remove(t, m.mergedContactIds);
          merged += m.mergedContactIds.length;
        }
      };
      if (ownerId !== null) await run([ownerId]);
      else {
        for (let after = 0; ;) {
          const batch = await store.ownersWithContacts(t, after, NORMALIZE_BATCH);
          if (batch.length === 0) break;
          await run(batch);
          after = batch[batch.length - 1]!;
        }
      }
      return { ...total, updated, merged };
    },
  };
}

export type ContactBook<Row extends ContactColumns> = ReturnType<typeof contactBook<Row>>;
