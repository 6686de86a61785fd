// The driver app's flow and settings (/DriverApp/Flow, /DriverApp/Settings).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { call, startTestApp, type TestApp } from '../helpers/app.js';
import { expectForbidden, expectProblem } from '../helpers/expect.js';
import { countRows, type Session, signIn } from '../helpers/factories.js';

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(() => t.close());

const api = (session: Session, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
  call(t, method, `/api/v1${url}`, { token: session.token, ...(body !== undefined ? { body } : {}) });

const SETTING = 'Drivers settings - edit/delete data';

describe('/DriverApp/Flow', () => {
  it('answers the default flow without storing it; a PUT stores the whole flow, in order, keeping sent ids and giving new ones', async () => {
    const admin = await signIn(t);
    const defaults = await api(admin, 'GET', '/DriverApp/Flow');
    assert.equal(defaults.status, 200, JSON.stringify(defaults.body));
    assert.deepEqual(
      defaults.body.data.map((p: any) => [p.id, p.order, p.kind]),
      [
        [1, 1, 'BarcodeScan'],
        [2, 2, 'Checklist'],
        [3, 3, 'Photo'],
        [4, 4, 'Photo'],
        [5, 5, 'Signature'],
        [6, 6, 'Note'],
      ],
    );
    assert.ok(defaults.body.data[1].checklistItems.length > 0);
    assert.equal(await countRows(t, 'driver_app_configs', admin.companyId), 0, 'a GET writes nothing');
    const pod = defaults.body.data[3];
    const res = await api(admin, 'PUT', '/DriverApp/Flow', [
      {
        kind: 'checklist',
        order: 5,
        label: ' Seal check ',
        stopTypes: ['Delivery'],
        isRequired: true,
        checklistItems: [' Seal intact ', 'Seal number matches'],
      },
      { ...pod, order: 1, label: 'POD photo' },
      { kind: 'Signature', order: 2, label: 'Signature', stopTypes: ['delivery', 'Transfer'] },
    ]);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(res.body.data, [
      { id: 4, order: 1, kind: 'Photo', label: 'POD photo', hint: pod.hint, stopTypes: ['Delivery'], isRequired: true, checklistItems: [] },
      { id: 8, order: 2, kind: 'Signature', label: 'Signature', hint: null, stopTypes: ['Delivery', 'Transfer'], isRequired: false, checklistItems: [] },
      {
        id: 7,
        order: 5,
        kind: 'Checklist',
        label: 'Seal check',
        hint: null,
        stopTypes: ['Delivery'],
        isRequired: true,
        checklistItems: ['Seal intact', 'Seal number matches'],
      },
    ]);
    assert.deepEqual((await api(admin, 'GET', '/DriverApp/Flow')).body.data, res.body.data);
    const next = await api(admin, 'PUT', '/DriverApp/Flow', [{ kind: 'Note', order: 1, label: 'Notes', stopTypes: ['Pickup'] }]);
    assert.equal(next.body.data[0].id, 9, 'ids of removed prompts are never given again');
    expectProblem(await api(admin, 'PUT', '/DriverApp/Flow', [{ id: 4, kind: 'Photo', order: 1, label: 'Back', stopTypes: ['Pickup'] }]), '[0].id');
    assert.deepEqual((await api(admin, 'PUT', '/DriverApp/Flow', [])).body.data, [], 'a company may have no prompts');
    assert.deepEqual((await api(admin, 'GET', '/DriverApp/Flow')).body.data, []);
  });

  it('checks the flow as a whole and names every problem; writes nothing', async () => {
    const admin = await signIn(t);
    const prompt = { kind: 'Photo', order: 1, label: 'Photo', stopTypes: ['Pickup'] };
    const res = await api(admin, 'PUT', '/DriverApp/Flow', [
      prompt,
      { ...prompt, label: '   ' },
      { kind: 'Checklist', order: 3, label: 'Check', stopTypes: ['Pickup', 'Pickup'] },
      { ...prompt, order: 4, checklistItems: ['Not for photos'] },
      { kind: 'Checklist', order: 5, label: 'Twice', stopTypes: ['Delivery'], checklistItems: ['A', 'a'] },
      { ...prompt, order: 6, id: 77 },
    ]);
    expectProblem(res, '[1].order');
    for (const field of ['[1].label', '[2].stopTypes', '[2].checklistItems', '[3].checklistItems', '[4].checklistItems', '[5].id'])
      assert.ok(res.body.errors[field], `${field} in ${JSON.stringify(res.body.errors)}`);
    expectProblem(await api(admin, 'PUT', '/DriverApp/Flow', [{ ...prompt, kind: 'Video' }]), '[0].kind');
    expectProblem(await api(admin, 'PUT', '/DriverApp/Flow', [{ ...prompt, stopTypes: [] }]), '[0].stopTypes');
    expectProblem(await api(admin, 'PUT', '/DriverApp/Flow', [{ ...prompt, order: 0 }]), '[0].order');
    expectProblem(await api(admin, 'PUT', '/DriverApp/Flow', { prompts: [] }), '$');
    assert.equal(await countRows(t, 'driver_app_configs', admin.companyId), 0);
  });

  it('answers every malformed body with a 400, 413 or 415 and its envelope; writes nothing', async () => {
    const admin = await signIn(t);
    const prompt = JSON.stringify({ kind: 'Note', order: 1, label: 'Note', stopTypes: ['Pickup'] }).slice(0, -1);
    const json = 'application/json';
    const cases: Array<[string, string | undefined, string, number]> = [
      ['invalid JSON', json, '[{', 400],
      ['empty', json, '', 400],
      ['null', json, 'null', 400],
      ['a string', json, '"flow"', 400],
      ['an object', json, '{"a":[null]}', 400],
      ['an array of null', json, '[null]', 400],
      ['nested nulls', json, `[${prompt},"stopTypes":[null],"checklistItems":[null]}]`, 400],
      ['prototype keys', json, `[${prompt},"__proto__":{"x":1}}]`, 400],
      // Nested deeper than a recursive walk of the body can go (it used to answer 500).
      ['arrays 5,000 deep', json, `${'['.repeat(5000)}${']'.repeat(5000)}`, 400],
      ['arrays 200,000 deep', json, `${'['.repeat(200_000)}${']'.repeat(200_000)}`, 400],
      ['a field 100,000 deep', json, `[${prompt},"checklistItems":${'['.repeat(100_000)}${']'.repeat(100_000)}}]`, 400],
      ['too large', json, `[${'"x",'.repeat(300_000)}"x"]`, 413],
      ['no content type', undefined, '[]', 415],
      ['a form', 'application/x-www-form-urlencoded', 'a=1', 415],
    ];
    for (const [name, type, payload, status] of cases) {
      const res = await call(t, 'PUT', '/api/v1/DriverApp/Flow', { token: admin.token, headers: type ? { 'content-type': type } : {}, payload });
      assert.equal(res.status, status, `${name}: ${JSON.stringify(res.body).slice(0, 300)}`);
      const body = res.body as Record<string, any>;
      if (res.headers['content-type']?.toString().startsWith('application/problem+json')) assert.ok(Object.keys(body.errors).length > 0, name);
      else assert.equal(body.success, false, name);
    }
    assert.equal(await countRows(t, 'driver_app_configs', admin.companyId), 0);
  });
});

describe('/DriverApp/Settings', () => {
  it('answers the defaults without storing them; a PUT changes the settings sent and keeps the others', async () => {
    const admin = await signIn(t);
    const defaults = (await api(admin, 'GET', '/DriverApp/Settings')).body.data;
    assert.deepEqual(defaults, {
      requirePhotoOnPickup: false,
      requirePhotoOnDelivery: true,
      requireSignatureOnDelivery: true,
      requirePreTripInspection: true,
      requireOdometerAtStart: false,
      allowSkipStops: false,
      allowReorderStops: true,
      gpsTrackingIntervalSeconds: 30,
      shareEtaWithCustomer: true,
      distanceUnit: 'mi',
      language: 'en',
      isDefault: true,
    });
    assert.equal(await countRows(t, 'driver_app_configs', admin.companyId), 0, 'a GET writes nothing');
    const res = await api(admin, 'PUT', '/DriverApp/Settings', { allowSkipStops: true, GPSTrackingIntervalSeconds: 60, language: 'ES', isDefault: true });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(res.body.data, { ...defaults, allowSkipStops: true, gpsTrackingIntervalSeconds: 60, language: 'es', isDefault: false });
    await api(admin, 'PUT', '/DriverApp/Settings', { distanceUnit: 'km' });
    const read = (await api(admin, 'GET', '/DriverApp/Settings')).body.data;
    assert.deepEqual([read.allowSkipStops, read.gpsTrackingIntervalSeconds, read.distanceUnit, read.isDefault], [true, 60, 'km', false]);
    assert.deepEqual((await api(admin, 'GET', '/DriverApp/Flow')).body.data.length, 6, 'the flow is still the default one');
  });

  it('refuses bad values and writes nothing', async () => {
    const admin = await signIn(t);
    expectProblem(await api(admin, 'PUT', '/DriverApp/Settings', { gpsTrackingIntervalSeconds: 5 }), 'gpsTrackingIntervalSeconds');
    expectProblem(await api(admin, 'PUT', '/DriverApp/Settings', { language: 'klingon' }), 'language');
    expectProblem(await api(admin, 'PUT', '/DriverApp/Settings', { allowSkipStops: 'sometimes' }), 'allowSkipStops');
    assert.equal(await countRows(t, 'driver_app_configs', admin.companyId), 0);
  });
});

describe('driver app access and companies', () => {
  it('is read by any signed-in user; changed only with "Drivers settings - edit/delete data"; each company has its own', async () => {
    const admin = await signIn(t);
    await api(admin, 'PUT', '/DriverApp/Settings', { allowSkipStops: true });
    for (const role of ['Dispatcher', 'Accountant', 'Viewer']) {
      const user = await signIn(t, role, admin.companyId);
      assert.equal((await api(user, 'GET', '/DriverApp/Settings')).body.data.allowSkipStops, true, role);
      assert.equal((await api(user, 'GET', '/DriverApp/Flow')).status, 200, role);
      expectForbidden(await api(user, 'PUT', '/DriverApp/Settings', { allowSkipStops: false }), SETTING);
      expectForbidden(await api(user, 'PUT', '/DriverApp/Flow', []), SETTING);
    }
    const holder = await signIn(t, { permissions: [SETTING] }, admin.companyId);
    assert.equal((await api(holder, 'PUT', '/DriverApp/Flow', [])).status, 200);
    const other = await signIn(t);
    assert.equal((await api(other, 'GET', '/DriverApp/Settings')).body.data.isDefault, true, 'another company keeps its defaults');
    assert.equal((await api(other, 'GET', '/DriverApp/Flow')).body.data.length, 6);
    assert.equal((await api(admin, 'GET', '/DriverApp/Settings')).body.data.allowSkipStops, true);
  });
});
