// Non-working days (part 1, "Company settings"; model not shown there, designed here): days the
// company does not pick up or deliver — holidays, closures. One per date; a day marked recurring
// comes back on the same month and day every later year.
import { DateTime, Day, Id, Nullable, Opt, SharedListParams, type Static, Type } from '../../platform/schemas.js';

export const NonWorkingDay = Type.Object(
  {
    id: Id,
    date: Type.String({ description: "The day, YYYY-MM-DD. A recurring day's first year." }),
    name: Nullable(Type.String({ description: 'Why the company is closed ("Independence Day").' })),
    isRecurring: Type.Boolean({ description: 'Comes back on the same month and day every later year.' }),
    createdAt: DateTime,
    updatedAt: DateTime,
  },
  { $id: 'NonWorkingDay', description: 'A day the company does not work (holiday, closure); one per date.' },
);
export type NonWorkingDayT = Static<typeof NonWorkingDay>;

export const NonWorkingDayInput = Type.Object({
  date: Day({ description: 'The day, in the years 1900 to 2200. One non-working day per date' }),
  name: Opt(Type.String({ maxLength: 200, description: 'Why the company is closed.' })),
  isRecurring: Opt(Type.Boolean({ description: 'Every later year on the same month and day (not 29 February). Default false.' })),
});
export type NonWorkingDayInputT = Static<typeof NonWorkingDayInput>;

export const NonWorkingDaysQuery = Type.Object({
  ...SharedListParams,
  year: Type.Optional(Type.Integer({ minimum: 1900, maximum: 2200, description: 'Only the days of this year (recurring days of earlier years included).' })),
});
export type NonWorkingDaysQueryT = Static<typeof NonWorkingDaysQuery>;

export const UpdateNonWorkingDayQuery = Type.Object({ id: Id });
export const DeleteNonWorkingDayQuery = Type.Object({ nonWorkingDayId: Id });

export interface NonWorkingDayRow {
  id: number;
  day: string;
  name: string | null;
  is_recurring: boolean;
  created_at: Date;
  updated_at: Date;
}

export const toNonWorkingDay = (r: NonWorkingDayRow): NonWorkingDayT => ({
  id: r.id,
  date: r.day,
  name: r.name,
  isRecurring: r.is_recurring,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});
