// Non-working days (part 1, "Company settings"). The spec addresses PUT and DELETE by query id.
import { companyAdmin, signedIn } from '../../platform/access.js';
import { None, PagedList } from '../../platform/envelope.js';
import { type AnyRoute, defineRoute } from '../../platform/route.js';
import { dayRecords } from './non-working-days.repository.js';
import { DeleteNonWorkingDayQuery, NonWorkingDay, NonWorkingDayInput, NonWorkingDaysQuery, UpdateNonWorkingDayQuery } from './non-working-days.schemas.js';
import type { NonWorkingDaysService } from './non-working-days.service.js';

export function nonWorkingDaysRoutes(days: NonWorkingDaysService): AnyRoute[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/NonWorkingDays',
      access: signedIn,
      summary: 'List non-working days',
      description:
        'Sorted by date (SortBy date, name or createdAt; SortDirection). Windows: year, DateRange (start, end) or Date; several narrow each other. ' +
        'A recurring day is listed in a window holding one of its anniversaries (its date stays its first year). Page, ItemsPerPage.',
      querystring: NonWorkingDaysQuery,
      response: PagedList(NonWorkingDay),
      handler: ({ tenant, query }) => days.list(tenant, query),
    }),
    defineRoute({
      method: 'POST',
      url: '/NonWorkingDays',
      access: companyAdmin,
      summary: 'Add a non-working day',
      description:
        'One per date: a date that is already a non-working day (or an anniversary of a recurring one) is refused (non_working_days.duplicate_date).',
      body: NonWorkingDayInput,
      response: NonWorkingDay,
      handler: ({ tenant, body }) => days.create(tenant, body),
    }),
    defineRoute({
      method: 'PUT',
      url: '/NonWorkingDays',
      access: companyAdmin,
      ids: { query: { id: dayRecords } },
      summary: 'Update a non-working day',
      description: 'The day is given by the query parameter id; the same rules as on create.',
      querystring: UpdateNonWorkingDayQuery,
      body: NonWorkingDayInput,
      response: NonWorkingDay,
      handler: ({ tenant, found, body }) => days.update(tenant, found.one(dayRecords), body),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/NonWorkingDays',
      access: companyAdmin,
      ids: { query: { nonWorkingDayId: dayRecords } },
      summary: 'Delete a non-working day',
      description: 'The day is given by the query parameter nonWorkingDayId. data is null.',
      querystring: DeleteNonWorkingDayQuery,
      response: None,
      handler: ({ tenant, found }) => days.remove(tenant, found.one(dayRecords)),
    }),
  ];
}
