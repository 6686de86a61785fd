// Pricing models (part 1, "Pricing", the PricingModel rows). Served elsewhere:
// POST /PricingModel/generate-from-invoices (accounting, which owns invoices).
// The spec lists no access for these rows; reading is open to signed-in users (quoting needs
// prices), changing a model needs the pricing permission the section uses for zones and FX rates.
import { permission, signedIn } from '../../platform/access.js';
import { type AnyRoute, defineRoute } from '../../platform/route.js';
import { customerRecords } from '../customers/index.js';
import { intlRateRecords, mileageChargeRecords, pricingModelRecords } from './pricing-models.repository.js';
import {
  AddMileageChargeRequestDto,
  CustomerQuery,
  CustomerRequiredQuery,
  IntlRateInput,
  MileageChargeRef,
  ModelQuery,
  PricingModelDto,
  PricingModelInput,
  RateIdParams,
  RevertQuery,
} from './pricing-models.schemas.js';
import type { PricingModelsService } from './pricing-models.service.js';

export const EDIT_PRICING = permission('Zones - create/edit/delete Zones');
const Model = PricingModelDto;

export function pricingModelRoutes(models: PricingModelsService): AnyRoute[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/PricingModel',
      access: signedIn,
      writes: true,
      ids: { query: { customerId: customerRecords } },
      summary: 'Read a pricing model',
      description: "The customer's own model when it has one, else the company default (made on first read with neutral values: USD, miles, no charges).",
      querystring: CustomerQuery,
      response: Model,
      handler: ({ tenant, found }) => models.readFor(tenant, found.maybe(customerRecords)),
    }),
    defineRoute({
      method: 'POST',
      url: '/PricingModel',
      access: EDIT_PRICING,
      // id is checked against the model the change applies to: another one is a 400 on id. The
      // rates sent replace the model's, so their ids are ignored (new rates get new ids).
      ids: { body: { id: { field: pricingModelRecords }, customerId: customerRecords, 'intlRates[].id': 'not-an-id' } },
      summary: 'Create or update a pricing model',
      description:
        "With customerId: the customer's own model (derived from the default when it has none); without: the company default. Fields left out keep their value; mileageCharges and intlRates, when sent, replace the lists. Bands must not overlap; one rate per country pair.",
      body: PricingModelInput,
      response: Model,
      handler: ({ tenant, found, body }) => models.saveFor(tenant, body, found.maybe(customerRecords)),
    }),
    defineRoute({
      method: 'POST',
      url: '/PricingModel/add-mileage-charge',
      access: EDIT_PRICING,
      ids: { query: { pricingModelId: pricingModelRecords } },
      summary: 'Add a mileage band',
      description: 'Adds a distance band (from inclusive, to exclusive; no end for the last band) to the model; a band overlapping another is refused.',
      querystring: ModelQuery,
      body: AddMileageChargeRequestDto,
      response: Model,
      handler: ({ tenant, found, body }) => models.addMileageCharge(tenant, found.one(pricingModelRecords), body),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/PricingModel/customer-pricing-model',
      access: EDIT_PRICING,
      ids: { query: { customerId: customerRecords } },
      summary: "Remove a customer's own pricing model",
      description: 'The customer is priced by the company default again; answers the default. A customer without its own model: nothing changes.',
      querystring: CustomerRequiredQuery,
      response: Model,
      handler: ({ tenant, found }) => models.deleteCustomerModel(tenant, found.one(customerRecords)),
    }),
    defineRoute({
      method: 'PUT',
      url: '/PricingModel/intl-rate',
      access: EDIT_PRICING,
      ids: { query: { customerId: customerRecords }, body: { id: intlRateRecords } },
      summary: 'Add or change a country-pair rate',
      description:
        "With id: changes that rate; without: adds the pair's rate or replaces the one the model has. customerId: in the customer's own model (derived on first change).",
      querystring: CustomerQuery,
      body: IntlRateInput,
      response: Model,
      handler: ({ tenant, found, body }) => models.putIntlRate(tenant, found.maybe(customerRecords), body),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/PricingModel/intl-rate/:rateId',
      access: EDIT_PRICING,
      ids: { params: { rateId: intlRateRecords }, query: { customerId: customerRecords } },
      summary: 'Remove a country-pair rate',
      description: "customerId: from the customer's pricing (a customer still on the default gets its own model without that pair).",
      params: RateIdParams,
      querystring: CustomerQuery,
      response: Model,
      handler: ({ tenant, found }) => models.deleteIntlRate(tenant, found.maybe(customerRecords), found.one(intlRateRecords)),
    }),
    defineRoute({
      method: 'POST',
      url: '/PricingModel/remove-mileage-charge',
      access: EDIT_PRICING,
      ids: { query: { pricingModelId: pricingModelRecords }, body: { id: mileageChargeRecords } },
      summary: 'Remove a mileage band',
      description: 'The band named by id, or by its fromDistance (and toDistance).',
      querystring: ModelQuery,
      body: MileageChargeRef,
      response: Model,
      handler: ({ tenant, found, body }) => models.removeMileageCharge(tenant, found.one(pricingModelRecords), body),
    }),
    defineRoute({
      method: 'PUT',
      url: '/PricingModel/revert-to-default',
      access: EDIT_PRICING,
      ids: { query: { customerId: customerRecords, pricingModelId: pricingModelRecords } },
      summary: "Revert a customer's model to the default",
      description:
        "The customer's own model (its id stays) takes the default's currency, unit, base charge, bands and country-pair rates again. " +
        'A customer already on the default is answered the default, with nothing changed. pricingModelId, when sent, must be the model that prices the customer (its own, else the default).',
      querystring: RevertQuery,
      response: Model,
      handler: ({ tenant, found }) => models.revertToDefault(tenant, found.one(customerRecords), found.maybe(pricingModelRecords)),
    }),
  ];
}
