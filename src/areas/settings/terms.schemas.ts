// Terms and conditions (part 1, "Company settings"; models not shown there, designed here): the
// texts a company prints on quotes, orders and invoices. At most one is the default.
import { DateTime, Id, Opt, type Static, Type } from '../../platform/schemas.js';

export const MAX_TERMS = 100;

export const TermsAndConditionsDto = Type.Object(
  {
    id: Id,
    title: Type.String({ description: 'Name of the text ("Standard carriage terms").' }),
    content: Type.String({ description: 'The text itself (plain text or the markup the company prints).' }),
    isDefault: Type.Boolean({ description: 'The text used when a document names none; at most one per company.' }),
    createdAt: DateTime,
    updatedAt: DateTime,
  },
  { $id: 'TermsAndConditionsDto', description: 'A terms and conditions text of the company; at most one is the default.' },
);
export type TermsAndConditionsDtoT = Static<typeof TermsAndConditionsDto>;

export const CreateUpdateTermsAndConditionsDto = Type.Object(
  {
    title: Type.String({ minLength: 1, maxLength: 200, description: 'Name of the text.' }),
    content: Type.String({ minLength: 1, maxLength: 100000, description: 'The text, up to 100,000 characters.' }),
    isDefault: Opt(
      Type.Boolean({ description: 'true makes it the default (the previous default stops being one); false or absent: not the default. Default false.' }),
    ),
  },
  { $id: 'CreateUpdateTermsAndConditionsDto', description: 'A terms and conditions text as sent on create and update.' },
);
export type CreateUpdateTermsAndConditionsDtoT = Static<typeof CreateUpdateTermsAndConditionsDto>;

export const TermsIdParams = Type.Object({ id: Id });

export interface TermsRow {
  id: number;
  title: string;
  content: string;
  is_default: boolean;
  created_at: Date;
  updated_at: Date;
}

export const toTerms = (r: TermsRow): TermsAndConditionsDtoT => ({
  id: r.id,
  title: r.title,
  content: r.content,
  isDefault: r.is_default,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});
