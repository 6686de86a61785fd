// SQL of an order's history, through the company door: its activities (newest first, on the
// (company_id, order_id, created_at, id) index) and its audit rows, each with the user's name as
// the company knows it.
import { sql } from 'kysely';
import type { Tenant } from '../../db/tenant.js';
import { pagedList } from '../../platform/list.js';
import { companyRecords } from '../../platform/records.js';
import { HistoryQuery, type OrderActivityT, type OrderAuditEntryT } from './history.schemas.js';

const userName = sql<string | null>`nullif(btrim(concat_ws(' ', u.first_name, u.last_name)), '')`;

function activities(t: Tenant) {
  return t
    .select('order_activities as a')
    .leftJoin('company_users as u', (j) => j.onRef('u.company_id', '=', 'a.company_id').onRef('u.user_id', '=', 'a.user_id'));
}

const ACTIVITY_COLUMNS = [
  'a.id',
  'a.order_id',
  'a.stop_id',
  'a.type',
  'a.description',
  'a.user_id',
  'a.created_at',
  'a.note',
  'a.note_by',
  'a.note_at',
] as const;

export type ActivityRow = {
  id: number;
  order_id: number;
  stop_id: number | null;
  type: string;
  description: string;
  user_id: string | null;
  user_name: string | null;
  created_at: Date;
  note: string | null;
  note_by: string | null;
  note_at: Date | null;
};

export function toActivity(r: ActivityRow): OrderActivityT {
  return {
    id: r.id,
    orderId: r.order_id,
    stopId: r.stop_id,
    type: r.type,
    description: r.description,
    userId: r.user_id,
    userName: r.user_name,
    createdAt: r.created_at,
    note: r.note,
    noteBy: r.note_by,
    noteAt: r.note_at,
  };
}

/** The order's activities; `stopsOnly`: those of its stops (GET /Orders/{id}/Activities). */
export const listActivities = pagedList({
  query: HistoryQuery,
  from: (t: Tenant, _q, scope: { orderId: number; stopsOnly: boolean }) => {
    const q = activities(t).where('a.order_id', '=', scope.orderId);
    return scope.stopsOnly ? q.where('a.stop_id', 'is not', null) : q;
  },
  sortable: { createdAt: ['a.created_at', 'a.id'] },
  defaultSort: { by: 'createdAt', descending: true },
  fixedOrder: true,
  select: (q) => q.select([...ACTIVITY_COLUMNS, userName.as('user_name')]),
  map: (rows) => (rows as ActivityRow[]).map(toActivity),
});

export async function setNote(t: Tenant, id: number, note: string | null): Promise<void> {
  await t
    .update('order_activities')
    .set(note === null ? { note: null, note_by: null, note_at: null } : { note, note_by: t.userId, note_at: new Date() })
    .where('id', '=', id)
    .execute();
}

type AuditRow = {
  id: number;
  action: string;
  user_id: string | null;
  user_name: string | null;
  before: unknown;
  after: unknown;
  request_id: string | null;
  created_at: Date;
};

/** The audit rows of the order, newest first. */
export const listAudit = pagedList({
  query: HistoryQuery,
  from: (t: Tenant, _q, orderId: number) =>
    t
      .select('audit_log as l')
      .leftJoin('company_users as u', (j) => j.onRef('u.company_id', '=', 'l.company_id').onRef('u.user_id', '=', 'l.user_id'))
      .where('l.entity_type', '=', 'order')
      .where('l.entity_id', '=', String(orderId)),
  sortable: { createdAt: ['l.created_at', 'l.id'] },
  defaultSort: { by: 'createdAt', descending: true },
  fixedOrder: true,
  select: (q) => q.select(['l.id', 'l.action', 'l.user_id', userName.as('user_name'), 'l.before', 'l.after', 'l.request_id', 'l.created_at']),
  map: (rows): OrderAuditEntryT[] =>
    (rows as AuditRow[]).map((r) => ({
      id: r.id,
      action: r.action,
      userId: r.user_id,
      userName: r.user_name,
      before: r.before,
      after: r.after,
      requestId: r.request_id,
      createdAt: r.created_at,
    })),
});

/** Activities by id (the route's {activityId}), as answered (toActivity); the service checks it is the order's. */
export const activityRecords = companyRecords<ActivityRow>({
  name: 'order_activity',
  what: 'Activity',
  plural: 'Activities',
  read: (t, ids) =>
    activities(t)
      .select([...ACTIVITY_COLUMNS, userName.as('user_name')])
      .where('a.id', 'in', ids)
      .execute() as Promise<ActivityRow[]>,
});
