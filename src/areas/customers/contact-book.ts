// The rules every contact list follows, whoever owns it (customers here; carriers in
// src/areas/carriers): one primary per owner that has contacts; a used contact is deleted only by
// moving its uses to the primary; normalization writes emails lower-case and phones in E.164 (in
// the owner's country when they have no +) and merges contacts identical afterwards. Each area
// gives its table's SQL, where its contacts are used and its owners' countries.
import type { Tenant } from '../../db/tenant.js';
import { audit } from '../../platform/audit.js';
import { type AppError, invalid } from '../../platform/errors.js';
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

/** The plan as an owner's area answers it: each change names its owner under `ownerKey`. */
export interface OwnerPlan<K extends string> {
  changes: Array<Omit<ContactChange, 'ownerId'> & Record<K, number>>;
  merges: ContactPlan['merges'];
  invalidPhones: ContactPlan['invalidPhones'];
}

export type NormalizeMode = 'preview' | 'apply' | 'merge';

export interface ContactBookOptions<Row, K extends string> {
  /** The contacts' audit entity and action prefix ("contact", "outsource_contact"). */
  entity: string;
  /** The owners' audit entity ("customer", "outsource_company"). */
  ownerEntity: string;
  /** The owner's id in answers ("customerId", "outsourceCompanyId"). */
  ownerKey: K;
  /** A contact's answer (what audit rows record). */
  toAnswer(row: Row): unknown;
}

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

export function contactBook<Row extends ContactColumns, K extends string>(store: ContactStore<Row>, options: ContactBookOptions<Row, K>) {
  const { entity, ownerEntity, ownerKey } = options;

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
      plan.merges.push({
        keepContactId: keep.id,
        mergedContactIds: group
          .filter((r) => r !== keep)
          .map((r) => r.id)
          .sort((a, b) => a - b),
      });
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

    /** A phone as kept: E.164, read in the owner's country when written without + (US when it has
     *  none). One that is not a valid number is refused, naming `field`: kept as typed, it could
     *  be neither dialled from elsewhere nor matched (duplicates, Normalize). */
    async phoneOf(t: Tenant, ownerId: number, phone: string | null, field = 'phone'): Promise<string | null> {
      if (phone === null) return null;
      const country = (await store.countriesOf(t, [ownerId])).get(ownerId) ?? 'US';
      const { e164 } = checkPhone(phone, country);
      if (!e164) throw invalid(field, `"${phone}" is not a valid phone number in ${country}; write it with its country code (+1 512 555 0142).`);
      return e164;
    },

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
      await audit(t, { action: `${entity}.delete`, entityType: entity, entityId: contact.id, before: options.toAnswer(contact), after: { reassignedTo } });
      return { reassignedTo, newPrimary };
    },

    /** Makes the contact its owner's primary (the previous one stops being it). */
    async setPrimary(t: Tenant, contact: Row): Promise<void> {
      if (contact.is_primary) return;
      const ownerId = store.ownerOf(contact);
      await store.makePrimary(t, ownerId, contact.id);
      await audit(t, { action: `${entity}.set_primary`, entityType: entity, entityId: contact.id, after: { [ownerKey]: ownerId } });
    },

    /** Runs the normalization plan owner batch by owner batch, for one owner or (null) all:
     *  `preview` writes nothing, `apply` writes it all, `merge` only merges identical contacts. */
    async normalize(t: Tenant, ownerId: number | null, mode: NormalizeMode): Promise<OwnerPlan<K> & { updated: number; merged: number }> {
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
        for (let after = 0; ; ) {
          const batch = await store.ownersWithContacts(t, after, NORMALIZE_BATCH);
          if (batch.length === 0) break;
          await run(batch);
          after = batch[batch.length - 1]!;
        }
      }
      if (mode === 'apply') await audit(t, { action: `${entity}.normalize`, entityType: ownerEntity, entityId: ownerId, after: { updated, merged } });
      const changes = total.changes.map(({ ownerId: owner, ...change }) => ({ ...change, [ownerKey]: owner }) as OwnerPlan<K>['changes'][number]);
      return { changes, merges: total.merges, invalidPhones: total.invalidPhones, updated, merged };
    },
  };
}

export type ContactBook<Row extends ContactColumns, K extends string> = ReturnType<typeof contactBook<Row, K>>;
