// Carriers' finance records (part 2, "Carriers": /OutsourceCompanyFinances).
import { None } from '../../platform/envelope.js';
import { type AnyRoute, defineRoute } from '../../platform/route.js';
import { Type } from '../../platform/schemas.js';
import { contactRecords } from './carrier-contacts.repository.js';
import { financeRecords } from './carrier-finances.repository.js';
import {
  FinanceDeleteQuery,
  FinanceReadQuery,
  OutsourceCompanyFinanceCreateDto,
  OutsourceCompanyFinanceDto,
  OutsourceCompanyFinanceUpdateDto,
} from './carrier-finances.schemas.js';
import { ADD_EDIT, VIEW } from './carriers.access.js';
import { carrierRecords } from './carriers.repository.js';
import { IdParams } from './carriers.schemas.js';
import type { CarrierServices } from './index.js';

const SECRETS = 'The account number and the tax id are write-only: answers carry accountNumberLast4 and taxIdLast4.';

export function carrierFinancesRoutes({ finances }: CarrierServices): AnyRoute[] {
  return [
    defineRoute({
      method: 'POST',
      url: '/OutsourceCompanyFinances',
      access: ADD_EDIT,
      // contactId is checked against the carrier's contacts: one that is not among them (missing,
      // another carrier's or another company's) is refused alike (a validation problem on contactId).
      // taxId is the carrier's EIN.
      ids: { body: { outsourceCompanyId: carrierRecords, contactId: { except: contactRecords }, taxId: 'not-an-id' } },
      summary: 'Add a finance record to a carrier',
      description: `Payment terms, method, quick pay, factoring, remit-to and bank details. The carrier's first record is its default unless isDefault=false; isDefault=true takes the role from the other record. A routing number with a wrong check digit is refused (routingNumber). ${SECRETS}`,
      body: OutsourceCompanyFinanceCreateDto,
      response: OutsourceCompanyFinanceDto,
      handler: ({ tenant, body }) => finances.create(tenant, body),
    }),
    defineRoute({
      method: 'GET',
      url: '/OutsourceCompanyFinances/:id',
      access: VIEW,
      // {id} is declared as the record (its meaning alone); with the query's record id it is the carrier.
      ids: { params: { id: financeRecords }, query: { outsourceCompanyFinanceId: financeRecords } },
      summary: 'Read a finance record',
      description: `{id} is the record; with outsourceCompanyFinanceId, {id} is its carrier and outsourceCompanyFinanceId the record. ${SECRETS}`,
      params: IdParams,
      querystring: FinanceReadQuery,
      response: OutsourceCompanyFinanceDto,
      handler: ({ tenant, params, query }) => finances.read(tenant, params.id, query.outsourceCompanyFinanceId),
    }),
    defineRoute({
      method: 'PUT',
      url: '/OutsourceCompanyFinances/:id',
      access: ADD_EDIT,
      // The body's id is ignored (the path names the record); its outsourceCompanyId and contactId are
      // checked against the record's carrier and that carrier's contacts.
      ids: {
        params: { id: financeRecords },
        body: { id: 'not-an-id', outsourceCompanyId: { except: carrierRecords }, contactId: { except: contactRecords }, taxId: 'not-an-id' },
      },
      summary: 'Update a finance record',
      description: `Changes the fields sent and keeps the others; null clears one (accountNumber: null removes the account number). ${SECRETS}`,
      params: IdParams,
      body: OutsourceCompanyFinanceUpdateDto,
      response: OutsourceCompanyFinanceDto,
      handler: ({ tenant, params, body }) => finances.update(tenant, params.id, body),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/OutsourceCompanyFinances/:id',
      access: ADD_EDIT,
      // {id} is declared as the carrier (its meaning with ids); alone it names a record.
      ids: { params: { id: carrierRecords }, query: { ids: financeRecords } },
      summary: 'Delete finance records',
      description:
        "{id} is the record; with ids, {id} is the carrier and ids its records. Deleted for good; all or nothing (a missing record, or another carrier's: 404).",
      params: IdParams,
      querystring: FinanceDeleteQuery,
      response: None,
      handler: ({ tenant, params, query }) => finances.remove(tenant, params.id, query.ids),
    }),
    defineRoute({
      method: 'GET',
      url: '/OutsourceCompanyFinances/:id/FinanceList',
      access: VIEW,
      ids: { params: { id: carrierRecords } },
      summary: "A carrier's finance records, the default first",
      description: `{id} is the carrier. ${SECRETS}`,
      params: IdParams,
      response: Type.Array(OutsourceCompanyFinanceDto),
      handler: ({ tenant, params }) => finances.list(tenant, params.id),
    }),
  ];
}
