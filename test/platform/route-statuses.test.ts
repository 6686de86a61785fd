// Each route's reference entry lists the statuses it can answer (platform/route-statuses.ts): what
// its declaration implies, and what its description says it answers.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { AREAS } from '../../src/app.js';
import type { AnyRoute } from '../../src/platform/route.js';
import { StoredFiles } from '../../src/platform/stored-files.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { openApiPath, routeKey } from '../helpers/walk.js';

let t: TestApp;
let routes: AnyRoute[];
before(async () => {
  t = await startTestApp();
  routes = AREAS.flatMap((area) =>
    area.routes({ config: t.config, tokens: t.tokens, files: new StoredFiles(t.store, t.database.db), privileged: t.database.db }),
  );
});
after(() => t.close());

type Doc = { paths: Record<string, Record<string, { responses?: Record<string, unknown> }>> };
const documented = (doc: Doc, route: AnyRoute) => Object.keys(doc.paths[openApiPath(route)]?.[route.method.toLowerCase()]?.responses ?? {}).map(Number);

describe('reference entries', () => {
  it('list the statuses the declaration implies, and no others', () => {
    const doc = t.app.swagger() as Doc;
    const byKey = new Map(routes.map((r) => [routeKey(r), r]));
    const listed = (key: string) => documented(doc, byKey.get(key)!);
    assert.deepEqual(listed('GET /App/User'), [200, 401, 500, 503], 'signed in, no input, no permission');
    assert.deepEqual(listed('GET /Settings/Version'), [200, 500, 503], 'public, no input');
    assert.deepEqual(listed('POST /Auth/Login'), [200, 400, 413, 415, 429, 500, 503]);
    assert.deepEqual(listed('GET /Routes/:id'), [200, 400, 401, 403, 404, 500, 503]);
    assert.deepEqual(listed('POST /Accounting/Payment'), [200, 400, 401, 403, 404, 409, 413, 415, 422, 500, 503]);
    assert.deepEqual(listed('GET /Telematics/Fleet'), [200, 400, 401, 403, 500, 502, 503]);
  });

  it('list every status the description or notes say the route answers', () => {
    const doc = t.app.swagger() as Doc;
    const problems: string[] = [];
    for (const route of routes) {
      const said = new Set([...[route.description, ...(route.notes ?? [])].join(' ').matchAll(/\b([45]\d\d)\b/g)].map((m) => Number(m[1])));
      const listed = documented(doc, route);
      const missing = [...said].filter((s) => !listed.includes(s));
      if (missing.length > 0) problems.push(`${routeKey(route)}: says ${missing.join(', ')}; lists ${listed.join(', ')}`);
    }
    assert.deepEqual(problems, []);
  });
});
