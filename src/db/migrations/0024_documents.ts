// The documents library (issue 18, part 2 "Documents library"): the company's documents — uploaded
// or written in the editor — with their text, versions and links to orders and customers.
//  - documents: the current version's file (its key names a stored file, 0023), the display name,
//    categories and tags (case-insensitive sets, kept lower-cased beside as written), the archive
//    mark, and the text extraction's job: status (Pending until the worker has read the file),
//    attempts and a lease (extract_after), claimed with FOR UPDATE SKIP LOCKED per company.
//  - search_text: the name and the first part of the text, lower case, kept by the area's writes;
//    searched through the company's own search-key index (fds_search_keys, 0012) by a definer
//    function, as orders are (0016: row security keeps @> from being an index condition).
//  - document_versions: every version, the current one included; each row holds one reference on
//    its file, so the bytes stay while any version names them.
//  - document_links: the orders and customers a document belongs to.
import { type Kysely, sql } from 'kysely';
import { companyRowSecurity, distributeNewCompanyTables, sequentialOnCitus } from './kit.js';

const TABLES = [
  `CREATE TABLE documents (
    company_id int NOT NULL,
    id int GENERATED ALWAYS AS IDENTITY,
    name text NOT NULL,
    file_name text NOT NULL,
    document_type text NOT NULL,
    content_type text NOT NULL,
    file_key text NOT NULL,
    size bigint NOT NULL CHECK (size >= 0),
    pages int,
    version int NOT NULL DEFAULT 1,
    editable boolean NOT NULL DEFAULT false,
    source text NOT NULL,
    agent_conversation_id int,
    categories text[] NOT NULL DEFAULT '{}',
    tags text[] NOT NULL DEFAULT '{}',
    status text NOT NULL CHECK (status IN ('Pending', 'Extracted', 'Reviewed', 'NoText', 'Unsupported', 'Failed')),
    status_message text,
    markdown text,
    extract_attempts int NOT NULL DEFAULT 0,
    extract_after timestamptz,
    reviewed_at timestamptz,
    reviewed_by text,
    search_text text NOT NULL DEFAULT '',
    archived_at timestamptz,
    created_by text,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (company_id, id)
  )`,
  `CREATE TABLE document_versions (
    company_id int NOT NULL,
    document_id int NOT NULL,
    version int NOT NULL,
    file_name text NOT NULL,
    content_type text NOT NULL,
    file_key text NOT NULL,
    size bigint NOT NULL,
    created_by text,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (company_id, document_id, version)
  )`,
  `CREATE TABLE document_links (
    company_id int NOT NULL,
    document_id int NOT NULL,
    entity_type text NOT NULL CHECK (entity_type IN ('Order', 'Customer')),
    entity_id int NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (company_id, document_id, entity_type, entity_id)
  )`,
];

const INDEXES = [
  'CREATE INDEX documents_created_idx ON documents (company_id, created_at, id)',
  'CREATE INDEX documents_name_idx ON documents (company_id, lower(name), id)',
  'CREATE INDEX documents_size_idx ON documents (company_id, size, id)',
  // The extraction job's due work: few rows (pending ones), so a partial index.
  "CREATE INDEX documents_due_idx ON documents (extract_after) WHERE status = 'Pending'",
  'CREATE INDEX documents_search_keys_idx ON documents USING gin (fds_search_keys(company_id, search_text)) WITH (gin_pending_list_limit = 256)',
  'CREATE INDEX document_links_entity_idx ON document_links (company_id, entity_type, entity_id)',
  'CREATE INDEX document_versions_key_idx ON document_versions (company_id, file_key)',
  'CREATE INDEX documents_file_key_idx ON documents (company_id, file_key)',
];

const SEARCH = `
  -- The ids of the transaction's company's documents whose search text contains p_term.
  CREATE FUNCTION fds_document_matches(p_company int, p_term text)
    RETURNS SETOF int LANGUAGE plpgsql STABLE SECURITY DEFINER ROWS 200 SET search_path = pg_catalog, public AS $$
  BEGIN
    IF p_company IS DISTINCT FROM nullif(current_setting('app.company_id', true), '')::int THEN
      RETURN;
    END IF;
    IF length(p_term) < 3 THEN
      RETURN QUERY EXECUTE 'SELECT id FROM documents WHERE company_id = $1 AND strpos(search_text, $2) > 0' USING p_company, p_term;
    ELSE
      RETURN QUERY EXECUTE 'SELECT id FROM documents WHERE company_id = $1
        AND fds_search_keys(company_id, search_text) @> fds_search_keys($1, $2) AND strpos(search_text, $2) > 0' USING p_company, p_term;
    END IF;
  END
  $$;
  REVOKE ALL ON FUNCTION fds_document_matches(int, text) FROM PUBLIC;
  GRANT EXECUTE ON FUNCTION fds_document_matches(int, text) TO fds_app;
`;

const NAMES = ['documents', 'document_versions', 'document_links'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sequentialOnCitus(db);
  for (const statement of TABLES) await sql.raw(statement).execute(db);
  for (const statement of INDEXES) await sql.raw(statement).execute(db);
  await sql.raw(SEARCH).execute(db);
  await companyRowSecurity(db, NAMES);
  await distributeNewCompanyTables(db, NAMES);
  // On a distributed Citus, keys once the tables are distributed (0019 says why).
  await sql.raw('ALTER TABLE documents ADD FOREIGN KEY (company_id) REFERENCES companies (id)').execute(db);
  await sql.raw('ALTER TABLE documents ADD FOREIGN KEY (company_id, file_key) REFERENCES stored_files (company_id, key)').execute(db);
  await sql.raw('ALTER TABLE document_versions ADD FOREIGN KEY (company_id, document_id) REFERENCES documents (company_id, id) ON DELETE CASCADE').execute(db);
  await sql.raw('ALTER TABLE document_versions ADD FOREIGN KEY (company_id, file_key) REFERENCES stored_files (company_id, key)').execute(db);
  await sql.raw('ALTER TABLE document_links ADD FOREIGN KEY (company_id, document_id) REFERENCES documents (company_id, id) ON DELETE CASCADE').execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('DROP FUNCTION fds_document_matches(int, text)').execute(db);
  await sql.raw('DROP TABLE document_links, document_versions, documents').execute(db);
}
