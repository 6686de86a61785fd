// The company of the documents benchmark: "Bench Documents" — 100,000 library documents whose text
// was extracted (rate confirmations, bills of lading, receipts, W-9s... about 1 KB of text each,
// from a freight vocabulary with numbers that make each one different), 2,000 distinct files. Made
// in SQL on PostgreSQL, once per database, found again by name on later runs. The file bytes are not
// in the store: the list reads rows only.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { addMember } from '../src/areas/users/index.js';
import type { Db } from '../src/db/database.js';
import { isCitus } from '../src/db/distribute.js';
import { benchCompany } from './seed-kit.js';

const NAME = 'Bench Documents';
const DOCUMENTS = 100_000;
const FILES = 2_000;

const KINDS = ['Rate confirmation', 'Bill of lading', 'Fuel receipt', 'W-9', 'Proof of delivery', 'Lumper receipt', 'Carrier packet', 'Insurance certificate'];
const WORDS = [
  'shipper',
  'consignee',
  'pallets',
  'reefer',
  'flatbed',
  'dry van',
  'linehaul',
  'detention',
  'layover',
  'lumper',
  'fuel surcharge',
  'appointment',
  'pickup',
  'delivery',
  'Dallas',
  'Houston',
  'Austin',
  'San Antonio',
  'El Paso',
  'Laredo',
  'Fort Worth',
  'Galveston',
  'steel coils',
  'ceramic tile',
  'frozen poultry',
  'machine parts',
  'lumber',
  'beverages',
  'paper rolls',
  'tires',
  'cement bags',
  'seal number',
  'trailer',
  'tractor',
  'driver signature',
  'received in good order',
  'net 30',
  'quick pay',
  'factoring',
  'MC number',
];

export interface DocumentsCompany {
  email: string;
  password: string;
  summary: string;
  /** A word of the texts and a rarer number to search for. */
  terms: { common: string; rare: string };
}

export async function documentsCompany(db: Db): Promise<DocumentsCompany> {
  if (await isCitus(db)) throw new Error('the documents benchmark seeds a single PostgreSQL (DATABASE_URL), not Citus');
  let id = (
    await sql<{ id: number }>`SELECT c.id FROM companies c WHERE c.name = ${NAME}
      AND EXISTS (SELECT 1 FROM documents d WHERE d.company_id = c.id) ORDER BY c.id LIMIT 1`.execute(db)
  ).rows[0]?.id;
  if (id === undefined) {
    const started = performance.now();
    id = await benchCompany(db, NAME);
    await seed(db, id);
    process.stderr.write(`seeded ${NAME}: ${DOCUMENTS} documents in ${((performance.now() - started) / 1000).toFixed(0)} s\n`);
  }
  // The library's running figures, as the area's writes keep them (0026; the list's count and the
  // common word's estimate read them): the seed writes documents in SQL, not through the area.
  // Filled when missing, so a company seeded before the seed filled them has them too.
  await sql`INSERT INTO document_figures (company_id, archived, status, source, document_type, n, bytes)
    SELECT company_id, archived_at IS NOT NULL, status, source, document_type, count(*), sum(size)
    FROM documents WHERE company_id = ${id} AND NOT EXISTS (SELECT 1 FROM document_figures f WHERE f.company_id = ${id})
    GROUP BY 1, 2, 3, 4, 5`.execute(db);
  // Vacuumed at every start, as autovacuum would be after a while: the last run's uploads and their
  // deletion (another company's, one table) leave dead rows and the search index's pending entries,
  // which the library's searches then read past (the search's p99 at 10 connections read 35–47 ms
  // alone, about 200 ms in a run right after another).
  for (const table of ['documents', 'document_versions', 'stored_files']) await sql`VACUUM ANALYZE ${sql.id(table)}`.execute(db);
  const email = `bench-${randomUUID().slice(0, 8)}@bench.example`;
  await addMember(db, { companyId: id, email, password: 'bench-password', role: 'Company Admin', name: 'Bench Clerk' });
  return { email, password: 'bench-password', summary: `${DOCUMENTS.toLocaleString('en')} documents with text`, terms: { common: 'reefer', rare: 'PO-77123' } };
}

async function seed(db: Db, companyId: number): Promise<void> {
  const words = sql`${sql.val(WORDS)}::text[]`;
  const kinds = sql`${sql.val(KINDS)}::text[]`;
  const pick = (g: ReturnType<typeof sql>, salt: number, n: number) => sql`(1 + abs(hashint8((${g})::bigint * 7919 + ${salt})) % ${n})::int`;
  const g = sql`g`;
  await db.transaction().execute(async (tx) => {
    await sql`INSERT INTO stored_files (company_id, key, size, content_type, refs)
      SELECT ${companyId}, encode(sha256(('bench document ' || f)::bytea), 'hex'), 200000 + f, 'application/pdf', 0
      FROM generate_series(1, ${FILES}) f`.execute(tx);
    // Document g: a kind, a name with its number, ~1 KB of text: 120 words drawn by hash, and its
    // PO number (PO-<10000 + g>), so a number is found in one document.
    await sql`INSERT INTO documents (company_id, name, file_name, document_type, content_type, file_key, size, pages, source,
        categories, tags, status, markdown, search_text, created_by, created_at, updated_at)
      SELECT ${companyId}, k.kind || ' ' || (10000 + g), 'scan-' || g || '.pdf', 'Pdf', 'application/pdf',
        encode(sha256(('bench document ' || (1 + g % ${FILES}))::bytea), 'hex'), 200000 + (1 + g % ${FILES}), 1 + g % 3, 'Upload',
        ARRAY[lower(k.kind)], CASE WHEN g % 7 = 0 THEN ARRAY['urgent'] ELSE '{}' END, 'Extracted', t.text,
        lower(k.kind || ' ' || (10000 + g) || ' ' || t.text), 'bench', now() - make_interval(mins => g), now() - make_interval(mins => g)
      FROM generate_series(1, ${DOCUMENTS}) g
      CROSS JOIN LATERAL (SELECT (${kinds})[${pick(g, 1, KINDS.length)}] AS kind) k
      CROSS JOIN LATERAL (SELECT '## Page 1' || chr(10) || 'PO-' || (70000 + g) || ' ' ||
        string_agg((${words})[${pick(sql`g * 131 + w`, 2, WORDS.length)}], ' ' ORDER BY w) AS text FROM generate_series(1, 120) w) t`.execute(tx);
    // The statements below read the rows just written: planned with their statistics (ANALYZE in
    // the transaction counts its own rows; Citus too).
    await sql`ANALYZE documents`.execute(tx);
    await sql`ANALYZE stored_files`.execute(tx);
    await sql`INSERT INTO document_versions (company_id, document_id, version, file_name, content_type, file_key, size, created_by, created_at)
      SELECT company_id, id, 1, file_name, content_type, file_key, size, created_by, created_at FROM documents WHERE company_id = ${companyId}`.execute(tx);
    // Each version holds one reference on its file (platform/stored-files.ts; 0024).
    await sql`UPDATE stored_files s SET refs = n.refs FROM (
        SELECT file_key, count(*) AS refs FROM documents WHERE company_id = ${companyId} GROUP BY file_key) n
      WHERE s.company_id = ${companyId} AND s.key = n.file_key`.execute(tx);
  });
}
