// Every write route × every default role, against the contract's table of roles (access.ts,
// DEFAULT_ROLES): a role without the route's access is refused 403 meta.missing_permission before
// anything is read; and the read-only Viewer passes no write route's declared access but the few
// listed below, each with its reason. Where the spec's table names no permission for a write, the
// route asks its area's edit permission (issue 37: the Viewer changed a contact's email).

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { AREAS } from '../../src/app.js';
import { DEFAULT_ROLES, type Grants, missingFor } from '../../src/platform/access.js';
import type { AreaDeps } from '../../src/platform/area.js';
import type { AnyRoute } from '../../src/platform/route.js';
import { StoredFiles } from '../../src/platform/stored-files.js';
import { call, startTestApp, type TestApp } from '../helpers/app.js';
import { picture, upload, uploadImage } from '../helpers/attachments.js';
import { createCompany, createContact, createCustomer, createQuote, type Session, signIn, signInAdmin } from '../helpers/factories.js';

/**
 * Write routes whose declared access the Viewer passes, and why that changes no company data the
 * Viewer may not change. Nothing else may be here: a user's own account, notifications, read marks
 * and personal dashboards, when they land, join this list.
 */
const OPEN_TO_VIEWER: Record<string, string> = {
  'POST /Attachments/upload/:entityType/:entityId':
    "checked against the attached record's edit access once the record is known (attachments.access.ts); walked below",
  'DELETE /Attachments/:id': "checked against the attached record's edit access once the record is known (attachments.access.ts); walked below",
  'GET /Orders/:id/Barcodes': 'a read that keeps the barcodes it derives (`<orderNumber>-<itemId>`), the same for every reader',
  'GET /PricingModel': "a read that keeps the company's default model, made with neutral values on first read, the same for every reader",
  'GET /Customers/:customerId/chargeTypes': 'seeds the copy only for a user who may edit customers; the Viewer reads',
  'POST /Settings/ApiTokens': "the user's own credentials, bound to roles it holds: a Viewer's token reads as the Viewer does (api-tokens.test.ts)",
  'DELETE /Settings/ApiTokens/:id': "the user's own token (another's reads as missing unless the user is a Company Admin)",
};

const key = (r: AnyRoute) => `${r.method} ${r.url}`;
const isWrite = (r: AnyRoute) => r.access.kind !== 'public' && ((r.method !== 'GET' && !r.readOnly) || r.writes === true);
const grantsOf = (name: string): Grants => {
  const role = DEFAULT_ROLES.find((r) => r.name === name)!;
  return { roles: [name], permissions: new Set<string>(role.permissions) };
};

let t: TestApp;
let writes: AnyRoute[];

before(async () => {
  t = await startTestApp();
  const deps: AreaDeps = { config: t.config, tokens: t.tokens, files: new StoredFiles(t.store, t.database.db), privileged: t.database.db };
  writes = AREAS.flatMap((area) => area.routes(deps)).filter(isWrite);
});
after(() => t.close());

/** A concrete URL: path parameters filled with values that name nothing (the refusal comes first). */
function concrete(route: AnyRoute): string {
  return `/api/v${route.version ?? 1}${route.url.replace(/:(\w+)/g, '2147480000')}`;
}

describe('write routes × default roles', () => {
  it('lets the Viewer pass no write route but those listed, each with its reason', () => {
    const viewer = grantsOf('Viewer');
    const open = writes.filter((r) => missingFor(r.access, viewer) === null).map(key);
    assert.deepEqual(
      open.filter((k) => !OPEN_TO_VIEWER[k]),
      [],
      'write routes the Viewer may call',
    );
    assert.deepEqual(
      Object.keys(OPEN_TO_VIEWER).filter((k) => !open.includes(k)),
      [],
      'listed as open to the Viewer, but no such write route is',
    );
  });

  it('refuses each default role every write route its permissions do not cover (403 naming what is missing)', async () => {
    const company = await createCompany(t);
    const problems: string[] = [];
    for (const role of DEFAULT_ROLES) {
      const grants = grantsOf(role.name);
      const session = await signIn(t, role.name, company.companyId);
      for (const route of writes) {
        const missing = missingFor(route.access, grants);
        if (missing === null) continue;
        const res = await call(t, route.method, concrete(route), { token: session.token, body: {} });
        if (res.status !== 403 || res.body?.errors?.[0]?.code !== 'meta.missing_permission' || !res.body.errors[0].message.includes(missing))
          problems.push(`${role.name} ${key(route)}: ${res.status} ${res.raw.toString().slice(0, 200)}`);
      }
    }
    assert.deepEqual(problems, []);
  });

  it("refuses the Viewer a customer's contact, address and the customer itself, changing nothing", async () => {
    const company = await createCompany(t);
    const admin = await signInAdmin(t, company);
    const viewer = await signIn(t, 'Viewer', company.companyId);
    const customer = await createCustomer(t, admin);
    const contact = await createContact(t, admin, customer.id, { email: 'billing@shipper.example' });
    const refused = [
      await call(t, 'PUT', `/api/v1/CustomerContacts/${contact.id}`, { token: viewer.token, body: { ...contact, email: 'thief@elsewhere.example' } }),
      await call(t, 'DELETE', `/api/v1/CustomerContacts/${contact.id}`, { token: viewer.token }),
      await call(t, 'PUT', `/api/v1/Customers/${customer.id}`, { token: viewer.token, body: { ...customer, name: 'Renamed' } }),
      await call(t, 'POST', '/api/v1/Addresses', { token: viewer.token, body: { customerId: customer.id, street: '1 Main St', city: 'Houston' } }),
      await call(t, 'POST', '/api/v1/SupportTickets', { token: viewer.token, body: { customerId: customer.id, subject: 'Hello' } }),
    ];
    assert.deepEqual(
      refused.map((r) => [r.status, r.body?.errors?.[0]?.code]),
      refused.map(() => [403, 'meta.missing_permission']),
    );
    const read = await call(t, 'GET', `/api/v1/Customers/${customer.id}/contacts`, { token: admin.token });
    assert.equal(read.status, 200);
    assert.ok(JSON.stringify(read.body.data).includes('billing@shipper.example'));
    assert.ok(!JSON.stringify(read.body.data).includes('thief@elsewhere.example'));
    // The Dispatcher, who holds "Create customers", still edits the contact.
    const dispatcher = await signIn(t, 'Dispatcher', company.companyId);
    const edited = await call(t, 'PUT', `/api/v1/CustomerContacts/${contact.id}`, {
      token: dispatcher.token,
      body: { ...contact, email: 'ap@shipper.example' },
    });
    assert.equal(edited.status, 200, edited.raw.toString());
  });

  it("refuses the Viewer attachments and images, whose access is the attached record's", async () => {
    const company = await createCompany(t);
    const admin: Session = await signInAdmin(t, company);
    const viewer = await signIn(t, 'Viewer', company.companyId);
    const order = await createQuote(t, admin);
    const file = { name: 'pod.png', type: 'image/png', content: await picture(32, 24, 'png') };
    const made = await upload(t, admin, 2, order.id, file);
    assert.equal(made.status, 200, made.raw.toString());
    const image = await uploadImage(t, admin, file);
    assert.equal(image.status, 200, image.raw.toString());
    const imageId = String(image.body.data).split('/').pop();
    const answers = [
      await upload(t, viewer, 2, order.id, file),
      await call(t, 'DELETE', `/api/v1/Attachments/${made.body.data.id}`, { token: viewer.token }),
      await uploadImage(t, viewer, file),
      await call(t, 'DELETE', `/api/v1/Attachments/${imageId}`, { token: viewer.token }),
    ];
    assert.deepEqual(
      answers.map((r) => r.status),
      [403, 403, 403, 403],
      answers.map((r) => r.raw.toString().slice(0, 200)).join('\n'),
    );
    // Still there: the Viewer reads both.
    assert.equal((await call(t, 'GET', `/api/v1/Attachments/${made.body.data.id}`, { token: viewer.token })).status, 200);
    assert.equal((await call(t, 'GET', `/api/v1/Attachments/${imageId}`, { token: viewer.token })).status, 200);
  });
});
