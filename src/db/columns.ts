// Kinds of columns, for the table types of db/types.ts and the areas' `<area>.tables.ts`: how each
// reads (select), is inserted and is updated through Kysely. src/db/database.ts sets the parsers.
import type { ColumnType } from 'kysely';

/** A timestamptz: read as Date, written as Date or ISO string. */
export type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** `created_at ... DEFAULT now()`: may be left out on insert, never updated. */
export type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
/** `updated_at ... DEFAULT now()`: may be left out on insert, set on update. */
export type Updated = ColumnType<Date, Date | string | undefined, Date | string>;
/** A `date` column: read and written as 'YYYY-MM-DD' (the parser keeps dates as text). */
export type Day = ColumnType<string, string, string>;
/** A json/jsonb column: read as parsed JSON (of type T), written as its text. */
export type Json<T = unknown> = ColumnType<T, string | null, string | null>;
