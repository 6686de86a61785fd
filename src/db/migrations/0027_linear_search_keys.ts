// fds_search_keys (0012) took each 3-character substring with substr(p_text, i, 3). In a UTF-8
// database substr walks the text from its start to find character i, so a text of n characters
// cost n²/2 steps: 2,000 characters 10 ms, 20,000 characters 0.9 s, the library's 200,000
// (documents keep that much extracted text, 0024) 81 s of PostgreSQL in the UPDATE that stores it,
// since the GIN expression index computes the keys. Here a long text is split into its characters
// once and each substring is a character joined to the next two (lead over the characters' order):
// 200,000 characters in about 0.25 s. A short text keeps substr, which is faster below about 160
// characters (names, emails, a search term: 12 µs against 16 µs for 30 characters).
//
// The keys are the same, so the indexes built by the old body stay valid and are not rebuilt
// (test/platform/search.test.ts compares the two on short, multibyte and long texts).
import { type Kysely, sql } from 'kysely';

const SHORT = `SELECT coalesce(array_agg(DISTINCT (hashtextextended(substr(p_text, i, 3), p_company) >> 32)::int), '{}')
      FROM generate_series(1, length(p_text) - 2) AS i`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
    CREATE OR REPLACE FUNCTION fds_search_keys(p_company int, p_text text) RETURNS int[]
      LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
      SELECT CASE WHEN length(p_text) <= 160 THEN (${SHORT})
      ELSE (SELECT coalesce(array_agg(DISTINCT (hashtextextended(k, p_company) >> 32)::int), '{}')
        FROM (SELECT c || lead(c, 1) OVER w || lead(c, 2) OVER w AS k
          FROM unnest(string_to_array(p_text, NULL)) WITH ORDINALITY AS u(c, i)
          WINDOW w AS (ORDER BY i)) s
        WHERE k IS NOT NULL)
      END
    $$;
  `)
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
    CREATE OR REPLACE FUNCTION fds_search_keys(p_company int, p_text text) RETURNS int[]
      LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
      ${SHORT}
    $$;
  `)
    .execute(db);
}
