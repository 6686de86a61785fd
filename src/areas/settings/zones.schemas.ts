// Zones (part 1, "Company settings"; model not shown there, designed here): named sets of postal
// codes of one country. Pricing rates zone to zone (PricingZoneDto refers to zone ids); a postal
// code belongs to at most one zone of the company.
import { DateTime, Id, Nullable, Opt, SharedListParams, type Static, Type } from '../../platform/schemas.js';

export const MAX_POSTAL_CODES = 10000;

export const Zone = Type.Object(
  {
    id: Id,
    name: Type.String({ description: 'Unique in the company (any case).' }),
    color: Nullable(Type.String({ description: 'Colour the zone is drawn in on maps, #RRGGBB.' })),
    description: Nullable(Type.String({ description: 'Free text: what the zone covers, who serves it.' })),
    country: Type.String({ description: "ISO 3166-1 alpha-2 code of the country of the zone's postal codes." }),
    postalCodes: Type.Array(Type.String(), {
      description:
        "The zone's postal codes, sorted: trimmed, upper-case, inner spaces collapsed. A code may be a leading part " +
        '(a ZIP3 such as 752, a Canadian FSA such as M5V): an address belongs to the zone holding its longest match. ' +
        'A code belongs to at most one zone of the company.',
    }),
    createdAt: DateTime,
    updatedAt: DateTime,
  },
  { $id: 'Zone', description: 'A named set of postal codes of one country; pricing rates zone to zone.' },
);
export type ZoneT = Static<typeof Zone>;

export const ZoneInput = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 100, description: 'Unique in the company (any case).' }),
  color: Opt(Type.String({ pattern: '^#?[0-9A-Fa-f]{6}$', description: 'Map colour, #RRGGBB (the # is optional).' })),
  description: Opt(Type.String({ maxLength: 2000 })),
  country: Opt(
    Type.String({
      minLength: 2,
      maxLength: 2,
      description: "ISO 3166-1 alpha-2 code (any case) of the zone's postal codes. Absent: US on POST, unchanged on PUT.",
    }),
  ),
  postalCodes: Opt(
    Type.Array(Type.String({ minLength: 1, maxLength: 20 }), {
      maxItems: MAX_POSTAL_CODES,
      description:
        `Up to ${MAX_POSTAL_CODES} postal codes (or leading parts), normalized and de-duplicated. On PUT the list replaces the zone's; absent keeps it, [] empties it. ` +
        'A code another zone holds is refused (zones.postal_code_taken) and nothing is written.',
    }),
  ),
});
export type ZoneInputT = Static<typeof ZoneInput>;

export const ZonesQuery = Type.Object(SharedListParams);
export type ZonesQueryT = Static<typeof ZonesQuery>;

export const ZoneIdParams = Type.Object({ id: Id });

export interface ZoneRow {
  id: number;
  name: string;
  color: string | null;
  description: string | null;
  country: string;
  created_at: Date;
  updated_at: Date;
}

export const toZone = (r: ZoneRow, postalCodes: string[]): ZoneT => ({
  id: r.id,
  name: r.name,
  color: r.color,
  description: r.description,
  country: r.country,
  postalCodes,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});
