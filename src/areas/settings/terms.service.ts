// Rules of terms and conditions: a title and a text; at most one default, moved in one transaction
// (the partial unique index refuses a second); at most MAX_TERMS texts, so the list stays short.
import type { Tenant } from '../../db/tenant.js';
import { audit } from '../../platform/audit.js';
import { fail, invalid } from '../../platform/errors.js';
import { SettingsErrors } from './settings.errors.js';
import * as repo from './terms.repository.js';
import { type CreateUpdateTermsAndConditionsDtoT, MAX_TERMS, type TermsAndConditionsDtoT, type TermsRow, toTerms } from './terms.schemas.js';

/** A text this request wrote, read again. */
const reread = async (t: Tenant, id: number) => toTerms(await repo.termsRecords.reread(t, id));

function valuesOf(input: CreateUpdateTermsAndConditionsDtoT): repo.TermsValues {
  const title = input.title.trim();
  if (!title) throw invalid('title', 'The title field is required.');
  if (!input.content.trim()) throw invalid('content', 'The content field is required.');
  return { title, content: input.content, is_default: input.isDefault ?? false };
}

/** The services take the text the request names as the id gate read it (routes' `ids`). */
export function termsService() {
  return {
    list: async (t: Tenant): Promise<TermsAndConditionsDtoT[]> => (await repo.listTerms(t)).map(toTerms),

    async create(t: Tenant, input: CreateUpdateTermsAndConditionsDtoT): Promise<TermsAndConditionsDtoT> {
      const values = valuesOf(input);
      if ((await repo.countTerms(t)) >= MAX_TERMS)
        throw fail(SettingsErrors.termsLimitReached, `A company keeps at most ${MAX_TERMS} terms and conditions texts; delete one first.`);
      if (values.is_default) {
        await repo.lockDefault(t);
        await repo.clearDefault(t);
      }
      const created = await reread(t, await repo.insertTerms(t, values));
      await audit(t, { action: 'terms.create', entityType: 'terms_and_conditions', entityId: created.id, after: created });
      return created;
    },

    async update(t: Tenant, terms: TermsRow, input: CreateUpdateTermsAndConditionsDtoT): Promise<TermsAndConditionsDtoT> {
      const id = terms.id;
      const before = toTerms(terms);
      const values = valuesOf(input);
      if (values.is_default && !before.isDefault) {
        await repo.lockDefault(t);
        await repo.clearDefault(t);
      }
      await repo.updateTerms(t, id, values);
      const after = await reread(t, id);
      await audit(t, { action: 'terms.update', entityType: 'terms_and_conditions', entityId: id, before, after });
      return after;
    },

    async remove(t: Tenant, terms: TermsRow): Promise<null> {
      const id = terms.id;
      const before = toTerms(terms);
      await repo.deleteTerms(t, id);
      await audit(t, { action: 'terms.delete', entityType: 'terms_and_conditions', entityId: id, before });
      return null;
    },
  };
}

export type TermsService = ReturnType<typeof termsService>;
