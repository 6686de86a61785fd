// The library's running figures (issue 18's list benchmark): how many documents, and how many
// bytes, by archive mark, status, source and type — kept by the documents area's writes in their
// transactions (src/areas/documents/figures.ts), as accounting keeps its figures (0022). The list's
// totalCount for a library page without a search or label filter, the stats and the filters' counts
// read a few dozen rows instead of counting every document (100,000 documents: 50 ms of PostgreSQL
// a page, the whole cost of the page). Filled here from the rows as they are (stop the previous
// version's processes first, as the README's upgrade note says: they would not keep the figures).
// Also the index the list's updatedAt order walks (the other orders have theirs since 0024).
import { type Kysely, sql } from 'kysely';
import { companyRowSecurity, distributeNewCompanyTables, sequentialOnCitus } from './kit.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sequentialOnCitus(db);
  await sql
    .raw(`CREATE TABLE document_figures (
      company_id int NOT NULL,
      archived boolean NOT NULL,
      status text NOT NULL,
      source text NOT NULL,
      document_type text NOT NULL,
      -- No CHECK (n >= 0): a write moves a figure by an upsert whose proposed row carries the
      -- change (-1), and PostgreSQL checks the proposed row before it finds the conflict (0022).
      n bigint NOT NULL,
      bytes bigint NOT NULL,
      PRIMARY KEY (company_id, archived, status, source, document_type)
    )`)
    .execute(db);
  await sql.raw('CREATE INDEX documents_updated_idx ON documents (company_id, updated_at, id)').execute(db);
  await companyRowSecurity(db, ['document_figures']);
  await distributeNewCompanyTables(db, ['document_figures']);
  // On a distributed Citus, keys once the tables are distributed (0019 says why).
  await sql.raw('ALTER TABLE document_figures ADD FOREIGN KEY (company_id) REFERENCES companies (id)').execute(db);
  await sql
    .raw(`INSERT INTO document_figures (company_id, archived, status, source, document_type, n, bytes)
      SELECT company_id, archived_at IS NOT NULL, status, source, document_type, count(*), sum(size)
      FROM documents GROUP BY 1, 2, 3, 4, 5`)
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('DROP INDEX documents_updated_idx').execute(db);
  await sql.raw('DROP TABLE document_figures').execute(db);
}
