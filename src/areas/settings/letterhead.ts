// What the company signs its generated documents with (bill of lading, quote, invoice...), from its
// settings: the place of its first active warehouse (the oldest: companies add their head office
// first) as its address, with that site's phone and email, and its default terms and conditions.
import type { Tenant } from '../../db/tenant.js';

export interface CompanySignature {
  site: {
    street: string;
    street2: string | null;
    city: string;
    state: string | null;
    postalCode: string | null;
    country: string;
    phone: string | null;
    email: string | null;
  } | null;
  terms: { title: string; content: string } | null;
}

export async function companySignature(t: Tenant): Promise<CompanySignature> {
  const [site, terms] = await Promise.all([
    t
      .select('warehouses as w')
      .innerJoin('addresses as a', (j) => j.onRef('a.company_id', '=', 'w.company_id').onRef('a.id', '=', 'w.address_id'))
      .select(['a.street', 'a.street2', 'a.city', 'a.state', 'a.postal_code', 'a.country', 'a.contact_phone', 'w.email'])
      .where('w.is_active', '=', true)
      .orderBy('w.id')
      .limit(1)
      .executeTakeFirst(),
    t.select('terms_and_conditions').select(['title', 'content']).where('is_default', '=', true).limit(1).executeTakeFirst(),
  ]);
  return {
    site: site
      ? {
          street: site.street,
          street2: site.street2,
          city: site.city,
          state: site.state,
          postalCode: site.postal_code,
          country: site.country,
          phone: site.contact_phone,
          email: site.email,
        }
      : null,
    terms: terms ?? null,
  };
}
