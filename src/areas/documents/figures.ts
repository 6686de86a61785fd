// The library's running figures (document_figures, migration 0026): documents and bytes by archive
// mark, status, source and type, kept by every write of a document in its transaction. The
// repository's writes note the figure keys of the rows before (-1) and after (+1) a change; the
// changes gather per transaction and are written once, just before COMMIT (Tenant.atCommit), in
// one upsert with the keys in order, so two transactions meet on the figures' rows last and in the
// same order (no deadlock) and hold them for the commit only — as accounting's figures are kept.
import { sql } from 'kysely';
import type { Tenant } from '../../db/tenant.js';

interface Key {
  archived: boolean;
  status: string;
  source: string;
  document_type: string;
}

type Gathered = Map<string, { key: Key; n: number; bytes: number }>;

const gathered = new WeakMap<Tenant, Gathered>();

function of(t: Tenant): Gathered {
  let mine = gathered.get(t);
  if (!mine) {
    const made: Gathered = new Map();
    gathered.set(t, made);
    t.atCommit(() => flush(t, made));
    mine = made;
  }
  return mine;
}

/** The columns a figure key is made of: a write that sets none of them moves no figure. */
export const FIGURE_COLUMNS = ['archived_at', 'status', 'source', 'document_type', 'size'] as const;

async function note(t: Tenant, ids: readonly number[], sign: 1 | -1): Promise<void> {
  if (ids.length === 0) return;
  const rows = await t
    .select('documents as d')
    .select([sql<boolean>`d.archived_at IS NOT NULL`.as('archived'), 'd.status', 'd.source', 'd.document_type', 'd.size'])
    .where('d.id', 'in', [...new Set(ids)])
    .execute();
  const into = of(t);
  for (const r of rows) {
    const key: Key = { archived: r.archived, status: r.status, source: r.source, document_type: r.document_type };
    const id = JSON.stringify(Object.values(key));
    const slot = into.get(id) ?? { key, n: 0, bytes: 0 };
    slot.n += sign;
    slot.bytes += sign * Number(r.size);
    into.set(id, slot);
  }
}

/** Before documents change (or go): their figures are taken out. */
export const documentsChanging = (t: Tenant, ids: readonly number[]) => note(t, ids, -1);
/** After documents changed (or were made): their figures are put in. */
export const documentsChanged = (t: Tenant, ids: readonly number[]) => note(t, ids, 1);

async function flush(t: Tenant, mine: Gathered): Promise<void> {
  const changes = [...mine.entries()]
    .filter(([, s]) => s.n !== 0 || s.bytes !== 0)
    .sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))
    .map(([, s]) => ({ ...s.key, n: s.n, bytes: s.bytes }));
  mine.clear();
  if (changes.length === 0) return;
  await t
    .insert('document_figures', changes)
    .onConflict((oc) =>
      oc.columns(['company_id', 'archived', 'status', 'source', 'document_type']).doUpdateSet({
        n: sql`document_figures.n + excluded.n`,
        bytes: sql`document_figures.bytes + excluded.bytes`,
      }),
    )
    .execute();
}

/** The figures' rows (`f`) of the company, for a count or a sum over some keys. */
export const figures = (t: Tenant) => t.select('document_figures as f');
