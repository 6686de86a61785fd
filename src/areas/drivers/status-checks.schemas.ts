// Models of truck inspections (part 2, "Drivers": DriverStatusCheck; fields not shown there): a
// driver's pre-trip or post-trip inspection of a truck (49 CFR 396.11, 396.13), its outcome
// (InspectionStatus), the defects found and the odometer. The driver app records them; the
// company reads them.
import type { Selectable } from 'kysely';
import { DateTime, Id, Many, NameEnum, Nullable, NumEnum, Opt, SharedListParams, type Static, Type } from '../../platform/schemas.js';
import type { DriverStatusChecksTable } from './drivers.tables.js';

export const INSPECTION_STATUSES = { Pending: 1, Failed: 2, Maintenance: 3, Completed: 4 } as const;
export type InspectionStatus = (typeof INSPECTION_STATUSES)[keyof typeof INSPECTION_STATUSES];
/** Statuses of an inspection that is not closed: the truck waits on a repair or a re-inspection. */
export const OPEN_INSPECTION_STATUSES: readonly InspectionStatus[] = [1, 2, 3];
export const CHECK_TYPES = ['PreTrip', 'PostTrip'] as const;
export type CheckType = (typeof CHECK_TYPES)[number];
export const ODOMETER_UNITS = ['mi', 'km'] as const;

const STATUS_TEXT =
  'Pending: started or awaiting review; Failed: a defect makes the truck unsafe to drive; Maintenance: sent to the shop for a defect; Completed: passed, or its defects repaired.';
const TYPE_TEXT = 'PreTrip: before driving (49 CFR 396.13); PostTrip: at the end of the day (the driver vehicle inspection report, 49 CFR 396.11).';

export const DriverStatusCheck = Type.Object(
  {
    id: Id,
    driverId: Id,
    driverName: Type.String({ description: "The driver's first and last name." }),
    truckId: Id,
    truckName: Type.String({ description: "The truck's unit name." }),
    checkType: NameEnum(CHECK_TYPES, { description: TYPE_TEXT }),
    status: NumEnum(INSPECTION_STATUSES, { description: `InspectionStatus. ${STATUS_TEXT}` }),
    checkedAt: DateTime,
    odometer: Nullable(Type.Integer({ description: 'Odometer reading at the inspection, in odometerUnit.' })),
    odometerUnit: NameEnum(ODOMETER_UNITS, { description: 'mi (default) or km.' }),
    defects: Type.Array(Type.String(), { description: 'The defects found, one entry each ("Brake lamp out, rear left"); empty when none.' }),
    notes: Nullable(Type.String({ description: "The driver's or mechanic's notes." })),
    location: Nullable(Type.String({ description: 'Where the inspection was made (yard, city).' })),
    createdAt: DateTime,
  },
  { $id: 'DriverStatusCheck', description: "A driver's inspection of a truck (status check)." },
);
export type DriverStatusCheckT = Static<typeof DriverStatusCheck>;

/** A status check as the driver app (or the demo) records it. */
export const DriverStatusCheckInput = Type.Object({
  driverId: Id,
  truckId: Id,
  checkType: NameEnum(CHECK_TYPES),
  status: NumEnum(INSPECTION_STATUSES),
  checkedAt: DateTime,
  odometer: Opt(Type.Integer({ minimum: 0, maximum: 99999999 })),
  odometerUnit: Opt(NameEnum(ODOMETER_UNITS)),
  defects: Opt(Type.Array(Type.String({ minLength: 1, maxLength: 500 }), { maxItems: 100 })),
  notes: Opt(Type.String({ maxLength: 4000 })),
  location: Opt(Type.String({ maxLength: 200 })),
});
export type DriverStatusCheckInputT = Static<typeof DriverStatusCheckInput>;

export const StatusChecksQuery = Type.Object({
  ...SharedListParams,
  truckIds: Type.Optional(Many(Type.Integer({ format: 'int32' }), { description: 'Only inspections of these trucks (repeat the parameter).' })),
  checkTypes: Type.Optional(Many(NameEnum(CHECK_TYPES), { description: 'Only PreTrip or PostTrip inspections (repeat the parameter).' })),
});
export type StatusChecksQueryT = Static<typeof StatusChecksQuery>;

export type StatusCheckRow = Omit<Selectable<DriverStatusChecksTable>, 'company_id'> & { first_name: string; last_name: string; truck_name: string };

export function toStatusCheck(r: StatusCheckRow): DriverStatusCheckT {
  return {
    id: r.id,
    driverId: r.driver_id,
    driverName: `${r.first_name} ${r.last_name}`,
    truckId: r.truck_id,
    truckName: r.truck_name,
    checkType: r.check_type as CheckType,
    status: r.status as InspectionStatus,
    checkedAt: r.checked_at,
    odometer: r.odometer,
    odometerUnit: r.odometer_unit as DriverStatusCheckT['odometerUnit'],
    defects: r.defects,
    notes: r.notes,
    location: r.location,
    createdAt: r.created_at,
  };
}
