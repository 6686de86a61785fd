// Shared schema primitives: ids, money, timestamps, nullable and optional fields, enumerations
// accepted as number or name, and the spec's shared list parameters.
import Type, { type Static, type TSchema } from 'typebox';

export { type Static, type TSchema, Type };

/** int32 record id. */
export const Id = Type.Integer({ format: 'int32', minimum: -2147483648, maximum: 2147483647 });
/** User ids are strings. */
export const UserId = Type.String({ minLength: 1, maxLength: 64 });
/** ISO 8601 UTC timestamp (responses write Date objects; requests accept a date or a date-time). */
export const DateTime = Type.Unsafe<Date | string>({ type: 'string', format: 'date-time' });
/** A calendar day, written 'YYYY-MM-DD'. Requests may send an ISO 8601 date-time instead: it is read
 *  as its UTC day (normalize.ts), so a client that writes every time as a date-time can send days. */
export function Day(options: { description?: string } = {}) {
  const note = 'YYYY-MM-DD; a date-time is read as its UTC day.';
  return Type.String({ format: 'date', description: options.description ? `${options.description} (${note})` : note });
}
/** Amount of money: numeric(14,2) in the database, a JSON number here. */
export const Money = Type.Number({ minimum: -999999999999.99, maximum: 999999999999.99 });

/** Text of at most `max` characters. */
export const Text = (max: number, description?: string) => Type.String({ maxLength: max, ...(description ? { description } : {}) });

type Primitive = 'string' | 'integer' | 'number' | 'boolean';

/** A value that may be null. Primitive schemas become `type: [t, 'null']` (fast to serialize);
 *  others `anyOf [T, null]`. */
export function Nullable<T extends TSchema>(schema: T): ReturnType<typeof Type.Unsafe<Static<T> | null>> {
  const s = schema as unknown as Record<string, unknown>;
  if (typeof s.type === 'string' && ['string', 'integer', 'number', 'boolean'].includes(s.type as Primitive)) {
    // An enumeration lists null too, or null would fail its `enum` although the type allows it.
    return Type.Unsafe<Static<T> | null>({ ...s, type: [s.type, 'null'], ...(Array.isArray(s.enum) ? { enum: [...s.enum, null] } : {}) });
  }
  return Type.Unsafe<Static<T> | null>({ anyOf: [s, { type: 'null' }] });
}

/** An optional request field; null (and '' which reads as null) is accepted as "not given". */
export function Opt<T extends TSchema>(schema: T) {
  return Type.Optional(Nullable(schema));
}

/** Enumeration written as numbers (customer pipeline, invoice status, ...): `{ Prospect: 0, ... }`.
 *  Requests accept the number or the name (any case); responses write the number. */
export function NumEnum<const E extends Record<string, number>>(values: E, options: { description?: string; default?: number } = {}) {
  const listing = Object.entries(values)
    .map(([name, n]) => `${n} ${name}`)
    .join(', ');
  return Type.Unsafe<E[keyof E]>({
    type: 'integer',
    format: 'int32',
    enum: [...new Set(Object.values(values))],
    'x-enum': values,
    ...options,
    description: options.description ? `${options.description} (${listing})` : listing,
  });
}

/** Enumeration written as names (order status, stop priority, ...). Requests accept the name (any
 *  case) or its position in the spec's list, counted from 0; responses write the name. */
export function NameEnum<const N extends readonly string[]>(names: N, options: { description?: string; default?: N[number] } = {}) {
  return Type.Unsafe<N[number]>({
    type: 'string',
    enum: [...names],
    'x-enum': Object.fromEntries(names.map((n, i) => [n, i])),
    ...options,
  });
}

/** Flag set written as a number whose values combine by addition (1 Fixed, 2 Distance, 4 Hourly...).
 *  A single name is accepted for its value. */
export function FlagsEnum<const E extends Record<string, number>>(values: E, options: { description?: string } = {}) {
  const all = Object.values(values).reduce((a, b) => a | b, 0);
  const listing = Object.entries(values)
    .map(([name, n]) => `${n} ${name}`)
    .join(', ');
  return Type.Unsafe<number>({
    type: 'integer',
    minimum: 0,
    maximum: all,
    'x-enum': values,
    'x-flags': true,
    description: `${options.description ? options.description + ' ' : ''}(${listing}; values combine by addition)`,
  });
}

/** A query parameter sent several times (`?ids=1&ids=2`); one value alone is accepted too. */
export function Many<T extends TSchema>(item: T, options: { description?: string } = {}) {
  return Type.Array(item, options);
}

/** A record's mailing address (a carrier's office, a driver's home): every part may be missing. */
export function MailingAddress(description: string, street2: string) {
  return Type.Object(
    {
      street: Nullable(Type.String()),
      street2: Nullable(Type.String({ description: street2 })),
      city: Nullable(Type.String()),
      state: Nullable(Type.String({ description: 'State or province code (TX).' })),
      postalCode: Nullable(Type.String()),
      country: Nullable(Type.String({ description: 'ISO 3166-1 alpha-2 code; the country phones without + are read in.' })),
    },
    { description },
  );
}

/** A mailing address as a request sends it. */
export function MailingAddressInput(description?: string) {
  return Type.Object(
    {
      street: Opt(Text(200)),
      street2: Opt(Text(200)),
      city: Opt(Text(100)),
      state: Opt(Text(100)),
      postalCode: Opt(Text(20)),
      country: Opt(Type.String({ minLength: 2, maxLength: 2, description: 'ISO 3166-1 alpha-2 code (any case).' })),
    },
    description ? { description } : {},
  );
}

// ---- Shared list parameters (part 1, "Shared list parameters"): every one is parsed and
// validated wherever an endpoint takes them; each endpoint applies those relevant to its records.

export const SortDirectionEnum = NumEnum({ Ascending: 0, Descending: 1 });

// Paging values are int32 as the spec declares them, bounded here since Ajv does not check the
// format: beyond int32 a validation problem naming the field; within it a page is always answered
// (below 1 the first, past the end an empty one) and the offset stays far inside a bigint.
export const PagingInt = (description: string) => Type.Optional(Type.Integer({ format: 'int32', minimum: -2147483648, maximum: 2147483647, description }));

export const PageParams = {
  Page: PagingInt('Page to read, from 1 (an int32). A value below 1 reads the first page; a page past the end is an empty list.'),
  ItemsPerPage: PagingInt(
    'Page size (an int32), default 20; a value below 1 reads 20, larger values are reduced to the endpoint maximum, echoed in itemsPerPage.',
  ),
  SearchTerm: Type.Optional(Type.String({ maxLength: 200, description: 'Free-text search; matched fields depend on the list.' })),
  SortBy: Type.Optional(Type.String({ maxLength: 64, description: 'Field to sort by; sortable fields differ per endpoint.' })),
  SortDirection: Type.Optional(SortDirectionEnum),
};

export const PageQuery = Type.Object(PageParams);
export type PageQueryT = Static<typeof PageQuery>;

const Strings = (description?: string) => Type.Optional(Many(Type.String({ maxLength: 200 }), description ? { description } : {}));
const Ints = (description?: string) => Type.Optional(Many(Type.Integer({ format: 'int32' }), description ? { description } : {}));
const Bool = () => Type.Optional(Type.Boolean());
const NamesOf = <const N extends readonly string[]>(names: N) => Type.Optional(Many(NameEnum(names)));
const TnxStatusNames = ['Draft', 'Approved', 'Open', 'Paid', 'Overdue', 'PartialPaid', 'Deleted'] as const;

export const SharedListParams = {
  ...PageParams,
  Cities: Strings(),
  CompanyTypes: NamesOf(['Customer', 'Outsource']),
  Countries: Strings(),
  CountryIds: Ints(),
  Customers: Ints(),
  CustomInvoice: Bool(),
  Date: Type.Optional(DateTime),
  DateRange: Type.Optional(Type.Array(DateTime, { minItems: 2, maxItems: 2, description: 'Send twice: start, then end. Both are required.' })),
  DriverName: Type.Optional(Type.String({ maxLength: 200 })),
  DriverPayoutTypes: NamesOf(['Hourly', 'FixedSalary', 'Distance', 'FixDistance', 'FixHourly', 'Percent', 'DistanceAndPercent', 'FixedCost', 'Pallets']),
  Drivers: Ints(),
  DriverStatus: NamesOf(['Active', 'Inactive', 'Deleted', 'Draft', 'New', 'Invited', 'Disabled']),
  DriverTypes: NamesOf(['Default', 'Outsource', 'Mixed']),
  ExcludedInvoice: Bool(),
  FilterTnxStatus: NamesOf(TnxStatusNames),
  FromAddress: Strings(),
  HasInvoice: Bool(),
  IncludedInvoice: Bool(),
  InQb: Bool(),
  InspectionStatus: Type.Optional(Many(NumEnum({ Pending: 1, Failed: 2, Maintenance: 3, Completed: 4 }))),
  InvoiceStatus: NamesOf(['Draft', 'Opened', 'Pending', 'Approved', 'Completed']),
  InvoiceTypes: Strings(),
  IsDefault: Bool(),
  IsEmailSent: Bool(),
  IsInvoiced: Bool(),
  IsOnlyCreatedByCurrentUser: Bool(),
  IsOrder: Bool(),
  Latitude: Type.Optional(Type.Number({ minimum: -90, maximum: 90 })),
  Longitude: Type.Optional(Type.Number({ minimum: -180, maximum: 180 })),
  LocationTerm: Type.Optional(Type.String({ maxLength: 200 })),
  MaxPrice: Type.Optional(Type.Integer({ format: 'int32' })),
  MinPrice: Type.Optional(Type.Integer({ format: 'int32' })),
  Offset: Type.Optional(Type.Integer({ format: 'int32' })),
  OrderNumber: Type.Optional(Type.String({ maxLength: 64 })),
  OrderPaymentStatus: Type.Optional(Many(NumEnum({ NotPaidAndCompleted: 1, NotPaidAndAssigned: 2, NotPaidAndUnassigned: 3, Paid: 4, PartlyPaid: 5 }))),
  OrderStatus: NamesOf(['Dreft', 'Quote', 'Order', 'Deleted', 'Closed', 'OnHold']),
  OutsourceCompanyIds: Ints(),
  OutsourceCompanyTypesOfWork: Type.Optional(Many(FlagsEnum({ Fixed: 1, Distance: 2, Hourly: 4, Pallets: 8 }))),
  PaymentStatuses: Strings(),
  QbSyncStates: Strings(),
  Roles: Strings(),
  States: Strings(),
  TnxTypes: Strings(),
  Zip: Strings(),
  RoutePayoutStatus: NamesOf(['Draft', 'Open', 'Paid', 'PartialPaid', 'OverPaid']),
  SearchByOrder: Ints(),
  ShipmentTypeIds: Ints(),
  ZoneIds: Ints(),
  StopType: Type.Optional(NameEnum(['Pickup', 'Delivery', 'Transfer'])),
  TnxStatus: NamesOf(TnxStatusNames),
  ToAddress: Strings(),
  TripStatus: NamesOf(['Open', 'Assigned', 'InTransit', 'Delivered']),
  UseCombinedLocationSearch: Bool(),
  ViewedEntityType: Type.Optional(NameEnum(['Quote', 'Customer', 'CustomerMessage', 'Order'])),
  Zone: Type.Optional(Type.String({ maxLength: 200 })),
};

export const SharedListQuery = Type.Object(SharedListParams);
export type SharedListQueryT = Static<typeof SharedListQuery>;
