// Rules of zones: a unique name, a real country, postal codes normalized and held by one zone of
// the company at most (a code another zone holds is refused naming both, and nothing is written);
// a zone that pricing still rates is not deleted.
import type { Tenant } from '../../db/tenant.js';
import { audit } from '../../platform/audit.js';
import { fail, failAll, invalid, type Problem, ValidationError } from '../../platform/errors.js';
import { countryOf } from './country.js';
import { refusedWhileReferenced } from './in-use.js';
import { normalizePostalCode, POSTAL_CODE } from './postal-codes.js';
import { SettingsErrors } from './settings.errors.js';
import * as repo from './zones.repository.js';
import { toZone, type ZoneInputT, type ZoneRow, type ZoneT } from './zones.schemas.js';

const DEFAULT_COUNTRY = 'US';
/** Codes named one by one in a refusal; the rest are counted. */
const NAMED_CONFLICTS = 20;

const clean = (v: string | null | undefined) => (v === null || v === undefined ? null : v.trim() || null);

/** Normalized, checked and de-duplicated codes, sorted. */
function postalCodesOf(codes: string[]): string[] {
  const errors: Record<string, string[]> = {};
  const out = new Set<string>();
  codes.forEach((code, i) => {
    const normalized = normalizePostalCode(code);
    if (!POSTAL_CODE.test(normalized)) {
      errors[`postalCodes[${i}]`] = [`"${code}" is not a postal code: 1 to 12 letters, digits, spaces or hyphens.`];
    } else {
      out.add(normalized);
    }
  });
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return [...out].sort();
}

async function withCodes(t: Tenant, row: ZoneRow): Promise<ZoneT> {
  return toZone(row, (await repo.postalCodesOf(t, [row.id])).get(row.id)!);
}

/** The codes no other zone holds; else a refusal naming each code and the zone holding it. */
async function checkFree(t: Tenant, country: string, codes: string[], zoneId: number | null): Promise<void> {
  const held = await repo.codesHeldElsewhere(t, country, codes, zoneId);
  if (held.length === 0) return;
  const items: Problem[] = held.slice(0, NAMED_CONFLICTS).map((h) => ({
    code: SettingsErrors.postalCodeTaken,
    message: `Postal code ${h.postal_code} (${country}) is already in zone ${h.zone_id} "${h.zone_name}"; a postal code belongs to one zone only.`,
  }));
  const more = held.length - items.length;
  if (more > 0) items.push({ code: SettingsErrors.postalCodeTaken, message: `And ${more} more postal code(s) held by other zones.` });
  throw failAll(items);
}

export function zonesService() {
  /** Values of a zone from the input; `current` is the zone being updated. */
  async function valuesOf(t: Tenant, input: ZoneInputT, current: ZoneRow | null): Promise<repo.ZoneValues> {
    const name = input.name.trim();
    if (!name) throw invalid('name', 'The name field is required.');
    await repo.zones.checkName(t, name, current?.id ?? null);
    const color = clean(input.color);
    return {
      name,
      color: color ? `#${color.replace('#', '').toUpperCase()}` : null,
      description: clean(input.description),
      country: input.country ? countryOf(input.country) : (current?.country ?? DEFAULT_COUNTRY),
    };
  }

  return {
    list: repo.zones.list,

    read: (t: Tenant, zone: ZoneRow): Promise<ZoneT> => withCodes(t, zone),

    async create(t: Tenant, input: ZoneInputT): Promise<ZoneT> {
      const values = await valuesOf(t, input, null);
      const codes = postalCodesOf(input.postalCodes ?? []);
      await checkFree(t, values.country, codes, null);
      const id = await repo.insertZone(t, values);
      await repo.replacePostalCodes(t, id, values.country, codes);
      const created = await withCodes(t, await repo.zoneRecords.reread(t, id));
      await audit(t, { action: 'zone.create', entityType: 'zone', entityId: id, after: created });
      return created;
    },

    /** postalCodes absent keeps the zone's codes (moved along when the country changes). */
    async update(t: Tenant, current: ZoneRow, input: ZoneInputT): Promise<ZoneT> {
      const id = current.id;
      const before = await withCodes(t, current);
      const values = await valuesOf(t, input, current);
      const codes = input.postalCodes === undefined || input.postalCodes === null ? before.postalCodes : postalCodesOf(input.postalCodes);
      await checkFree(t, values.country, codes, id);
      await repo.updateZone(t, id, values);
      await repo.replacePostalCodes(t, id, values.country, codes);
      const after = await withCodes(t, await repo.zoneRecords.reread(t, id));
      await audit(t, { action: 'zone.update', entityType: 'zone', entityId: id, before, after });
      return after;
    },

    /** Answers the deleted zone. Refused while zone-to-zone rates (pricing) use it. */
    async remove(t: Tenant, zone: ZoneRow): Promise<ZoneT> {
      const id = zone.id;
      const before = await withCodes(t, zone);
      await refusedWhileReferenced(
        () => repo.deleteZone(t, id),
        () => fail(SettingsErrors.zoneInUse, `Zone ${id} "${before.name}" is used by zone-to-zone rates (Pricing zones); delete or change those first.`),
      );
      await audit(t, { action: 'zone.delete', entityType: 'zone', entityId: id, before });
      return before;
    },
  };
}

export type ZonesService = ReturnType<typeof zonesService>;
