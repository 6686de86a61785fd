// The HTTP statuses a route can answer, for its reference entry (openapi.ts): what its declaration
// implies, and what it lists itself (`statuses`) for answers its declaration cannot show — a 502
// from an outside provider, a 400 business refusal of a route that takes no input.
import type { IdRef } from './route.js';

/** The parts of a route declaration that decide its statuses. */
export interface StatusDeclaration {
  method: string;
  access: { kind: string };
  params?: unknown;
  querystring?: unknown;
  body?: unknown;
  upload?: unknown;
  idempotent?: boolean;
  ids?: { params?: Record<string, IdRef>; query?: Record<string, IdRef>; body?: Record<string, IdRef> };
  statuses?: readonly number[];
}

/** A declared id of a company record the route is about or points at: one it lacks is a 404. */
const isReference = (ref: IdRef) => typeof ref === 'object' && !('field' in ref) && !('filter' in ref) && !('except' in ref);

export function statusesOf(def: StatusDeclaration): number[] {
  const out = new Set<number>([200, 500, 503]);
  const takesInput = def.params !== undefined || def.querystring !== undefined || def.body !== undefined || def.upload !== undefined;
  if (takesInput) out.add(400);
  if (def.access.kind !== 'public') out.add(401);
  if (['permission', 'anyOf', 'allOf', 'role'].includes(def.access.kind)) out.add(403);
  const references = [def.ids?.query, def.ids?.body].some((part) => Object.values(part ?? {}).some(isReference));
  if (def.params !== undefined || references) out.add(404);
  // Any request with a body may be too large or of a type no parser reads; GETs' bodies are not read.
  if (def.method !== 'GET') {
    out.add(413);
    out.add(415);
  }
  if (def.idempotent) {
    out.add(409);
    out.add(422);
  }
  for (const status of def.statuses ?? []) out.add(status);
  return [...out].sort((a, b) => a - b);
}
