// Every migration, in order. A landed migration is never edited; a change is a new file here.
import type { Migration } from 'kysely';
import * as m0001 from './0001_foundation.js';
import * as m0002 from './0002_principal_changes.js';
import * as m0003 from './0003_customers.js';
import * as m0004 from './0004_customer_answers.js';
import * as m0005 from './0005_company_settings.js';
import * as m0006 from './0006_charge_types.js';
import * as m0007 from './0007_pricing.js';
import * as m0008 from './0008_carriers.js';
import * as m0009 from './0009_fleet.js';
import * as m0010 from './0010_search_terms.js';
import * as m0011 from './0011_drivers.js';
import * as m0012 from './0012_company_search_keys.js';
import * as m0013 from './0013_distributable.js';
import * as m0014 from './0014_shard_ready.js';
import * as m0015 from './0015_orders.js';
import * as m0016 from './0016_order_lists.js';
import * as m0017 from './0017_foreign_key_indexes.js';
import * as m0018 from './0018_dispatch.js';
import * as m0019 from './0019_accounting.js';
import * as m0020 from './0020_payment_request_keys.js';
import * as m0021 from './0021_ledger_files.js';
import * as m0022 from './0022_accounting_figures.js';
import * as m0023 from './0023_stored_files.js';
import * as m0024 from './0024_documents.js';
import * as m0025 from './0025_attachments.js';
import * as m0026 from './0026_document_figures.js';
import * as m0027 from './0027_linear_search_keys.js';
import * as m0028 from './0028_route_places.js';
import * as m0029 from './0029_route_optimization_reason.js';
import * as m0030 from './0030_kept_places.js';
import * as m0031 from './0031_api_tokens.js';

export const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0002_principal_changes': m0002,
  '0003_customers': m0003,
  '0004_customer_answers': m0004,
  '0005_company_settings': m0005,
  '0006_charge_types': m0006,
  '0007_pricing': m0007,
  '0008_carriers': m0008,
  '0009_fleet': m0009,
  '0010_search_terms': m0010,
  '0011_drivers': m0011,
  '0012_company_search_keys': m0012,
  '0013_distributable': m0013,
  '0014_shard_ready': m0014,
  '0015_orders': m0015,
  '0016_order_lists': m0016,
  '0017_foreign_key_indexes': m0017,
  '0018_dispatch': m0018,
  '0019_accounting': m0019,
  '0020_payment_request_keys': m0020,
  '0021_ledger_files': m0021,
  '0022_accounting_figures': m0022,
  '0023_stored_files': m0023,
  '0024_documents': m0024,
  '0025_attachments': m0025,
  '0026_document_figures': m0026,
  '0027_linear_search_keys': m0027,
  '0028_route_places': m0028,
  '0029_route_optimization_reason': m0029,
  '0030_kept_places': m0030,
  '0031_api_tokens': m0031,
};
