// Terms and conditions (part 1, "Company settings").
import { permission } from '../../platform/access.js';
import { None } from '../../platform/envelope.js';
import { type AnyRoute, defineRoute } from '../../platform/route.js';
import { Type } from '../../platform/schemas.js';
import { termsRecords } from './terms.repository.js';
import { CreateUpdateTermsAndConditionsDto, TermsAndConditionsDto, TermsIdParams } from './terms.schemas.js';
import type { TermsService } from './terms.service.js';

const access = permission('Terms & Conditions');

export function termsRoutes(terms: TermsService): AnyRoute[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/TermsAndConditions',
      access,
      summary: 'List terms and conditions texts',
      description: 'Every text of the company (at most 100), the default first, then by title.',
      response: Type.Array(TermsAndConditionsDto),
      handler: ({ tenant }) => terms.list(tenant),
    }),
    defineRoute({
      method: 'POST',
      url: '/TermsAndConditions',
      access,
      summary: 'Add a terms and conditions text',
      description: 'isDefault=true makes it the default; the previous default stops being one, in the same transaction.',
      body: CreateUpdateTermsAndConditionsDto,
      response: TermsAndConditionsDto,
      handler: ({ tenant, body }) => terms.create(tenant, body),
    }),
    defineRoute({
      method: 'PUT',
      url: '/TermsAndConditions/:id',
      access,
      ids: { params: { id: termsRecords } },
      summary: 'Update a terms and conditions text',
      description:
        'Replaces title, content and isDefault: true makes it the default (the previous one stops being it); false on the default leaves the company without one.',
      params: TermsIdParams,
      body: CreateUpdateTermsAndConditionsDto,
      response: TermsAndConditionsDto,
      handler: ({ tenant, found, body }) => terms.update(tenant, found.one(termsRecords), body),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/TermsAndConditions/:id',
      access,
      ids: { params: { id: termsRecords } },
      summary: 'Delete a terms and conditions text',
      description: 'data is null. Deleting the default leaves the company without one.',
      params: TermsIdParams,
      response: None,
      handler: ({ tenant, found }) => terms.remove(tenant, found.one(termsRecords)),
    }),
  ];
}
