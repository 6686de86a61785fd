// Support tickets raised for a customer account. Records read `In Progress`; the filter takes
// `InProgress` (part 1, "Value conventions").
import { DateTime, Id, NameEnum, Nullable, Opt, PageParams, type Static, Type, UserId } from '../../platform/schemas.js';

export const TICKET_STATUSES = ['Open', 'In Progress', 'Resolved', 'Closed'] as const;
export const TicketStatusFilter = NameEnum(['Open', 'InProgress', 'Resolved', 'Closed']);
export const Priority = NameEnum(['Low', 'Normal', 'High', 'Urgent']);

export const SupportTicket = Type.Object(
  {
    id: Id,
    customerId: Id,
    customerName: Type.String(),
    contactId: Nullable(Id),
    subject: Type.String(),
    description: Type.String(),
    status: NameEnum(TICKET_STATUSES),
    priority: Priority,
    createdBy: Nullable(UserId),
    createdAt: DateTime,
    updatedAt: DateTime,
  },
  { $id: 'SupportTicket' },
);
export type SupportTicketT = Static<typeof SupportTicket>;

export const SupportTicketInput = Type.Object({
  customerId: Id,
  contactId: Opt(Id),
  subject: Type.String({ minLength: 1, maxLength: 200 }),
  description: Type.String({ minLength: 1, maxLength: 10000 }),
  priority: Opt(Priority),
});
export type SupportTicketInputT = Static<typeof SupportTicketInput>;

export const TicketsQuery = Type.Object({
  customerId: Type.Optional(Type.Integer({ format: 'int32', description: 'The customer account; every customer of the company when absent.' })),
  status: Type.Optional(Type.Array(TicketStatusFilter, { description: 'Open, InProgress, Resolved, Closed; repeat for several.' })),
  ...PageParams,
});
export type TicketsQueryT = Static<typeof TicketsQuery>;

export interface TicketRow {
  id: number;
  customer_id: number;
  customer_name: string;
  contact_id: number | null;
  subject: string;
  description: string;
  status: SupportTicketT['status'];
  priority: SupportTicketT['priority'];
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
}

export function toTicket(r: TicketRow): SupportTicketT {
  return {
    id: r.id,
    customerId: r.customer_id,
    customerName: r.customer_name,
    contactId: r.contact_id,
    subject: r.subject,
    description: r.description,
    status: r.status,
    priority: r.priority,
    createdBy: r.created_by,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}
