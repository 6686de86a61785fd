// Models of the customers section: Customer and its inputs, list parameters, ValidateCustomerDto,
// MergeCustomers, FullAddressInfo, NormalizedAddressWithCustomers; row → response mappers.
import { DateTime, Id, Nullable, NumEnum, Opt, SharedListParams, type Static, Type } from '../../platform/schemas.js';
import { Address, AddressInputFields, type AddressT, CustomerAddressInput } from './addresses.schemas.js';

export const PIPELINES = { Prospect: 0, Customer: 1, Lead: 2 } as const;
export const STATUSES = { Active: 0, Deleted: 1 } as const;
export const SOURCES = { Default: 0, Web: 1, CustomerPortal: 2 } as const;

export const Pipeline = NumEnum(PIPELINES);
export const CustomerStatus = NumEnum(STATUSES);
export const Source = NumEnum(SOURCES);

export const Customer = Type.Object(
  {
    id: Id,
    name: Type.String(),
    email: Nullable(Type.String()),
    phone: Nullable(Type.String()),
    pipeline: Pipeline,
    status: CustomerStatus,
    source: Source,
    isEntrepreneur: Type.Boolean({ description: 'A sole trader or owner-operator rather than a company.' }),
    parentCustomerId: Nullable(Id),
    mergedIntoId: Nullable(Id),
    notes: Nullable(Type.String()),
    paymentTermsDays: Nullable(
      Type.Integer({ description: "Net days of the customer's invoices (due date = invoice date + these); null: the company's (30)." }),
    ),
    taxExempt: Type.Boolean({ description: "No tax on the customer's invoices." }),
    addresses: Type.Array(Type.Ref('Address')),
    lastOrderAt: Nullable(DateTime),
    createdAt: DateTime,
    updatedAt: DateTime,
  },
  { $id: 'Customer' },
);
export type CustomerT = Omit<Static<typeof Customer>, 'addresses'> & { addresses: AddressT[] };

const customerFields = {
  name: Type.String({ minLength: 1, maxLength: 200 }),
  email: Opt(Type.String({ format: 'email', maxLength: 254 })),
  phone: Opt(Type.String({ maxLength: 50 })),
  pipeline: Opt(Pipeline),
  source: Opt(Source),
  isEntrepreneur: Opt(Type.Boolean()),
  parentCustomerId: Opt(Id),
  notes: Opt(Type.String({ maxLength: 4000 })),
  paymentTermsDays: Opt(Type.Integer({ minimum: 0, maximum: 365 })),
  taxExempt: Opt(Type.Boolean()),
  addresses: Opt(Type.Array(CustomerAddressInput, { maxItems: 100 })),
};

export const CustomerInput = Type.Object(customerFields);
export type CustomerInputT = Static<typeof CustomerInput>;

/** POST /Customers: the same, but a new customer's addresses are all new (no `id`). */
export const NewCustomerInput = Type.Object({ ...customerFields, addresses: Opt(Type.Array(Type.Object(AddressInputFields), { maxItems: 100 })) });

/** ValidateCustomer takes a customer as it would be sent; `id` excludes the customer itself. */
export const CustomerToValidate = Type.Object({
  id: Opt(Id),
  ...customerFields,
  // Reported in the answer rather than refused: validating is what the endpoint is for.
  email: Opt(Type.String({ maxLength: 254 })),
});
export type CustomerToValidateT = Static<typeof CustomerToValidate>;

export const CustomersQuery = Type.Object({
  activeCustomers: Type.Optional(
    Type.Boolean({ default: true, description: 'true: active customers only; false: active and deleted. `status` narrows further.' }),
  ),
  Entrepreneur: Type.Optional(Type.Boolean({ description: 'Only entrepreneurs (true) or only companies (false).' })),
  orderDateRangeStart: Type.Optional(DateTime),
  orderDateRangeEnd: Type.Optional(DateTime),
  PipelineTypes: Type.Optional(Type.Array(Pipeline)),
  searchOnlyByCustomerName: Type.Optional(Type.Boolean({ default: false })),
  Sources: Type.Optional(Type.Array(Source)),
  status: Type.Optional(CustomerStatus),
  ...SharedListParams,
});
export type CustomersQueryT = Static<typeof CustomersQuery>;

export const CustomerIdParams = Type.Object({ id: Id });
export const StatusQuery = Type.Object({ status: Type.Optional(CustomerStatus) });
export const PipelineParams = Type.Object({ customerId: Id, pipeline: Pipeline });
export const IdsQuery = Type.Object({ ids: Type.Array(Id, { minItems: 1, maxItems: 1000 }) });

export const DuplicateCustomer = Type.Object({
  id: Id,
  name: Type.String(),
  email: Nullable(Type.String()),
  phone: Nullable(Type.String()),
  matchedOn: Type.Array(Type.String({ description: 'name, email or phone' })),
});

export const ValidateCustomerDto = Type.Object({
  isValid: Type.Boolean({ description: 'No problem found in the fields.' }),
  problems: Type.Array(Type.Object({ field: Type.String(), message: Type.String() })),
  duplicates: Type.Array(DuplicateCustomer, { description: 'Active customers with the same normalized name, email or phone.' }),
  normalizedEmail: Nullable(Type.String()),
  normalizedPhone: Nullable(Type.String({ description: 'E.164' })),
});
export type ValidateCustomerDtoT = Static<typeof ValidateCustomerDto>;

export const MergeCustomers = Type.Object({
  parentCustomerId: Id,
  customerIds: Type.Array(Id, { minItems: 1, maxItems: 100, description: 'Customers merged into the parent; they end deleted.' }),
});
export type MergeCustomersT = Static<typeof MergeCustomers>;

export const FullAddressInfo = Type.Object(
  { ...Address.properties, normalizedAddress: Type.String({ description: 'The key identical places share.' }) },
  { $id: 'FullAddressInfo' },
);

export const NormalizedAddressWithCustomers = Type.Object(
  {
    normalizedAddress: Type.String(),
    address: Type.Ref('Address'),
    addressIds: Type.Array(Id, { description: "The customer's addresses at this place." }),
    customers: Type.Array(Type.Object({ id: Id, name: Type.String() }), { description: 'Active customers of the company with an address at this place.' }),
  },
  { $id: 'NormalizedAddressWithCustomers' },
);

export const LocationsQuery = Type.Object({
  customerName: Type.Optional(
    Type.String({ maxLength: 200, description: 'Only locations of customers (this one and its child accounts) whose name contains it.' }),
  ),
});

export interface CustomerRow {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  pipeline: number;
  status: number;
  source: number;
  is_entrepreneur: boolean;
  parent_customer_id: number | null;
  merged_into_id: number | null;
  notes: string | null;
  last_order_at: Date | null;
  payment_terms_days: number | null;
  tax_exempt: boolean;
  created_at: Date;
  updated_at: Date;
}

export function toCustomer(row: CustomerRow, addresses: AddressT[]): CustomerT {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    pipeline: row.pipeline as CustomerT['pipeline'],
    status: row.status as CustomerT['status'],
    source: row.source as CustomerT['source'],
    isEntrepreneur: row.is_entrepreneur,
    parentCustomerId: row.parent_customer_id,
    mergedIntoId: row.merged_into_id,
    notes: row.notes,
    paymentTermsDays: row.payment_terms_days,
    taxExempt: row.tax_exempt,
    addresses,
    lastOrderAt: row.last_order_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
