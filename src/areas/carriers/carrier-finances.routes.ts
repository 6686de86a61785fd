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
import { namedRecord, namedRecords, ofPathCarrier, recordOrCarrier } from './carrier-lookup.js';
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
      // contactId must be one of the carrier's contacts: one that is not among them is a validation
      // problem on contactId ("Contact 5 was not found." when the company has none such). taxId is
      // the carrier's EIN.
      ids: { body: { outsourceCompanyId: carrierRecords, contactId: { field: contactRecords }, taxId: 'not-an-id' } },
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
      // {id} is the record; with the query's record id, its carrier, and the record must be that carrier's.
      ids: {
        params: { id: recordOrCarrier(financeRecords, 'outsourceCompanyFinanceId', 'record') },
        query: { outsourceCompanyFinanceId: ofPathCarrier(financeRecords) },
      },
      summary: 'Read a finance record',
      description: `{id} is the record; with outsourceCompanyFinanceId, {id} is its carrier and outsourceCompanyFinanceId the record. ${SECRETS}`,
      params: IdParams,
      querystring: FinanceReadQuery,
      response: OutsourceCompanyFinanceDto,
      handler: ({ found }) => finances.read(namedRecord(found, financeRecords, 'outsourceCompanyFinanceId')),
    }),
    defineRoute({
      method: 'PUT',
      url: '/OutsourceCompanyFinances/:id',
      access: ADD_EDIT,
      // The body's id is ignored (the path names the record); its outsourceCompanyId and contactId must
      // be the record's carrier and one of that carrier's contacts (a validation problem on the field
      // for one the company does not have; outsource_finances.carrier_change for another carrier).
      ids: {
        params: { id: financeRecords },
        body: { id: 'not-an-id', outsourceCompanyId: { field: carrierRecords }, contactId: { field: contactRecords }, taxId: 'not-an-id' },
      },
      summary: 'Update a finance record',
      description: `Changes the fields sent and keeps the others; null clears one (accountNumber: null removes the account number). ${SECRETS}`,
      params: IdParams,
      body: OutsourceCompanyFinanceUpdateDto,
      response: OutsourceCompanyFinanceDto,
      handler: ({ tenant, found, body }) => finances.update(tenant, found.one(financeRecords), body),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/OutsourceCompanyFinances/:id',
      access: ADD_EDIT,
      // {id} is the record; with ids, their carrier, and every one of them must be that carrier's.
      ids: { params: { id: recordOrCarrier(financeRecords, 'ids', 'carrier') }, query: { ids: ofPathCarrier(financeRecords) } },
      summary: 'Delete finance records',
      description:
        "{id} is the record; with ids, {id} is the carrier and ids its records. Deleted for good; all or nothing (a missing record, or another carrier's: 404).",
      params: IdParams,
      querystring: FinanceDeleteQuery,
      response: None,
      handler: ({ tenant, found }) => finances.remove(tenant, namedRecords(found, financeRecords)),
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
      handler: ({ tenant, found }) => finances.list(tenant, found.one(carrierRecords)),
    }),
  ];
}
