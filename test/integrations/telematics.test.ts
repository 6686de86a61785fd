// The Samsara adapter against a local stub of Samsara's API (node:http on 127.0.0.1, port 0): the
// bearer token, cursor paging, errors and timeouts; then the /Telematics rows and TrucksWithVehicles
// with the account connected through the TELEMATICS_* variables.
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, beforeEach, describe, it } from 'node:test';
import { sql } from 'kysely';
import { loadConfig } from '../../src/config.js';
import { TelematicsError, telematicsConnection } from '../../src/integrations/telematics/index.js';
import { samsaraProvider } from '../../src/integrations/telematics/samsara.js';
import { call, startTestApp, type TestApp } from '../helpers/app.js';
import { expectFailure, expectNotFound, expectProblem } from '../helpers/expect.js';
import { auditCount, createTruck, type Session, signIn } from '../helpers/factories.js';

const TOKEN = 'samsara_api_TESTTOKEN_0123456789';

type Mode = 'ok' | 'drop_once' | 'slow' | 'unauthorized' | 'failing' | 'rate_limited' | 'not_json' | 'endless' | 'echo_token';
let mode: Mode = 'ok';
const seen: Array<{ method: string; url: string; authorization: string | undefined; body: string }> = [];

const VEHICLES = [
  {
    id: '281474976710001',
    name: 'Unit 101',
    vin: '3AKJHHDR3MSA12345',
    licensePlate: 'TX 4KD2291',
    make: 'Freightliner',
    model: 'Cascadia',
    year: '2021',
    serial: 'GFRV-43N-VGX',
  },
  { id: '281474976710002', name: 'Unit 102', vin: 'JALC4W162L7012345', licensePlate: 'TX 9PL0042', make: 'Isuzu', model: 'NPR-HD', year: '2020' },
  { id: '281474976710003', name: 'Yard spotter', vin: '', year: '' },
];
const LOCATIONS = [
  {
    id: '281474976710001',
    name: 'Unit 101',
    location: {
      time: '2025-05-01T14:03:11Z',
      latitude: 30.2672,
      longitude: -97.7431,
      heading: 90,
      speed: 55.5,
      reverseGeo: { formattedLocation: 'Austin, TX' },
    },
  },
  { id: '281474976710002', name: 'Unit 102', location: { time: '2025-05-01T14:02:50Z', latitude: 32.7767, longitude: -96.797, heading: 0, speed: 0 } },
  { id: '281474976710003', name: 'Yard spotter' },
];

/** Two pages: the first ends with a cursor, the second has no next page. */
function paged(res: ServerResponse, url: URL, items: unknown[]): void {
  const after = url.searchParams.get('after');
  if (mode === 'endless') return json(res, 200, { data: [items[0]], pagination: { endCursor: 'same', hasNextPage: true } });
  if (!after) return json(res, 200, { data: items.slice(0, 2), pagination: { endCursor: 'cursor-2', hasNextPage: true } });
  if (after === 'cursor-2') return json(res, 200, { data: items.slice(2), pagination: { endCursor: '', hasNextPage: false } });
  json(res, 400, { message: `unknown cursor ${after}` });
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  let body = '';
  for await (const chunk of req) body += chunk;
  const url = new URL(req.url!, 'http://stub');
  seen.push({ method: req.method!, url: req.url!, authorization: req.headers.authorization, body });
  if (mode === 'slow') return; // never answers: the caller's deadline must end it
  if (mode === 'drop_once') {
    mode = 'ok';
    return void req.socket.destroy(); // a connection closed under the request
  }
  if (req.headers.authorization !== `Bearer ${TOKEN}` || mode === 'unauthorized') return json(res, 401, { message: 'Invalid token', requestId: 'r1' });
  if (mode === 'failing') return json(res, 500, { message: 'internal error', requestId: 'r2' });
  if (mode === 'rate_limited') return json(res, 429, { message: 'Too many requests' });
  if (mode === 'not_json') return void res.writeHead(200, { 'content-type': 'text/html' }).end('<html>maintenance</html>');
  if (mode === 'echo_token') return json(res, 400, { message: `bad request with ${TOKEN}` });
  if (req.method === 'GET' && url.pathname === '/fleet/vehicles') return paged(res, url, VEHICLES);
  if (req.method === 'GET' && url.pathname === '/fleet/vehicles/locations') return paged(res, url, LOCATIONS);
  const patch = url.pathname.match(/^\/fleet\/vehicles\/([^/]+)$/);
  if (req.method === 'PATCH' && patch) {
    const vehicle = VEHICLES.find((v) => v.id === decodeURIComponent(patch[1]!));
    if (!vehicle) return json(res, 404, { message: 'Object not found' });
    return json(res, 200, { data: { ...vehicle, ...JSON.parse(body) } });
  }
  json(res, 404, { message: 'no such endpoint' });
}

let server: Server;
let baseUrl: string;
let t: TestApp;

before(async () => {
  server = createServer((req, res) => void handle(req, res));
  // Idle connections stay open longer than the tests last: none is closed under a request.
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The fleet area connects the configuration's account when the app is built.
  t = await startTestApp({ env: { TELEMATICS_PROVIDER: 'samsara', TELEMATICS_API_TOKEN: TOKEN, TELEMATICS_BASE_URL: baseUrl, TELEMATICS_TIMEOUT_MS: '2000' } });
});
after(async () => {
  await t.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  mode = 'ok';
  seen.length = 0;
});

const provider = (options: { token?: string; timeoutMs?: number; base?: string } = {}) =>
  samsaraProvider({ token: options.token ?? TOKEN, baseUrl: options.base ?? baseUrl, timeoutMs: options.timeoutMs ?? 5000 });

async function failure(work: Promise<unknown>): Promise<TelematicsError> {
  try {
    await work;
  } catch (err) {
    assert.ok(err instanceof TelematicsError, String(err));
    assert.ok(!err.message.includes(TOKEN), `the token leaked: ${err.message}`);
    return err;
  }
  throw new Error('expected a failure');
}

describe('the Samsara adapter', () => {
  it('sends the bearer token and follows the cursor to the last page', async () => {
    const vehicles = await provider().vehicles();
    assert.deepEqual(
      vehicles.map((v) => v.id),
      VEHICLES.map((v) => v.id),
    );
    assert.deepEqual(vehicles[0], {
      id: '281474976710001',
      name: 'Unit 101',
      vin: '3AKJHHDR3MSA12345',
      licensePlate: 'TX 4KD2291',
      make: 'Freightliner',
      model: 'Cascadia',
      year: 2021,
      notes: null,
      gatewaySerial: 'GFRV-43N-VGX',
    });
    assert.deepEqual([vehicles[2]!.vin, vehicles[2]!.year], [null, null]);
    assert.deepEqual(
      seen.map((s) => s.url),
      ['/fleet/vehicles?limit=512', '/fleet/vehicles?limit=512&after=cursor-2'],
    );
    assert.ok(seen.every((s) => s.authorization === `Bearer ${TOKEN}`));
  });

  it('sends a read again once when its connection is closed under it', async () => {
    mode = 'drop_once';
    assert.equal((await provider().vehicles()).length, 3);
    assert.equal(seen.length, 3, 'the dropped request, then both pages');
  });

  it('reads the latest locations, leaving out vehicles without one', async () => {
    const locations = await provider().locations();
    assert.deepEqual(
      locations.map((l) => l.vehicleId),
      ['281474976710001', '281474976710002'],
    );
    assert.deepEqual(locations[0], {
      vehicleId: '281474976710001',
      name: 'Unit 101',
      latitude: 30.2672,
      longitude: -97.7431,
      heading: 90,
      speedMph: 55.5,
      time: '2025-05-01T14:03:11Z',
      formattedLocation: 'Austin, TX',
    });
  });

  it('patches a vehicle and answers it', async () => {
    const vehicle = await provider().updateVehicle('281474976710002', { name: 'Unit 102B', notes: null });
    assert.equal(vehicle.name, 'Unit 102B');
    assert.deepEqual(
      [seen[0]!.method, seen[0]!.url, JSON.parse(seen[0]!.body)],
      ['PATCH', '/fleet/vehicles/281474976710002', { name: 'Unit 102B', notes: null }],
    );
    assert.equal((await failure(provider().updateVehicle('999', { name: 'x' }))).failure, 'not_found');
  });

  it('turns every failure into a TelematicsError that never carries the token', async () => {
    assert.equal((await failure(provider({ token: 'wrong-token' }).vehicles())).failure, 'rejected');
    mode = 'unauthorized';
    const rejected = await failure(provider().vehicles());
    assert.match(rejected.message, /refused the API token \(HTTP 401\)/);
    mode = 'slow';
    const slow = await failure(provider({ timeoutMs: 150 }).vehicles());
    assert.deepEqual([slow.failure, slow.message], ['unavailable', 'Samsara did not answer within 0.2 s.']);
    mode = 'failing';
    assert.equal((await failure(provider().vehicles())).failure, 'unavailable');
    mode = 'rate_limited';
    assert.match((await failure(provider().locations())).message, /rate limiting/);
    mode = 'not_json';
    assert.equal((await failure(provider().vehicles())).failure, 'bad_response');
    mode = 'endless';
    assert.match((await failure(provider().vehicles())).message, /repeat a cursor/);
    mode = 'echo_token';
    const echoed = await failure(provider().updateVehicle('281474976710001', { name: 'x' }));
    assert.deepEqual([echoed.failure, echoed.message.includes('***')], ['invalid', true]);
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    assert.match((await failure(provider({ base: `http://127.0.0.1:${port}` }).vehicles())).message, /could not be reached/);
  });

  it('is configured by the environment; without a token there is no account', () => {
    const fromEnv = (env: Record<string, string>) => telematicsConnection(loadConfig(env).telematics);
    assert.equal(fromEnv({}), null);
    assert.equal(fromEnv({ TELEMATICS_PROVIDER: 'samsara' }), null);
    const connection = fromEnv({ TELEMATICS_API_TOKEN: 'x', TELEMATICS_COMPANY_ID: '4, 7' })!;
    assert.deepEqual([connection.provider.name, [...connection.companyIds!]], ['Samsara', [4, 7]]);
    assert.equal(fromEnv({ TELEMATICS_API_TOKEN: 'x' })!.companyIds, null);
    assert.throws(() => fromEnv({ TELEMATICS_API_TOKEN: 'x', TELEMATICS_PROVIDER: 'geotab' }), /TELEMATICS_PROVIDER must be one of: samsara/);
    assert.throws(() => fromEnv({ TELEMATICS_API_TOKEN: 'x', TELEMATICS_TIMEOUT_MS: 'soon' }), /TELEMATICS_TIMEOUT_MS/);
    assert.throws(() => fromEnv({ TELEMATICS_API_TOKEN: 'x', TELEMATICS_COMPANY_ID: 'acme' }), /TELEMATICS_COMPANY_ID/);
    assert.throws(() => fromEnv({ TELEMATICS_API_TOKEN: 'x', TELEMATICS_BASE_URL: 'ftp://x' }), /TELEMATICS_BASE_URL/);
  });
});

const api = (session: Session, method: 'GET' | 'PUT', url: string, body?: unknown) =>
  call(t, method, `/api/v1${url}`, { token: session.token, ...(body !== undefined ? { body } : {}) });

describe('/Telematics rows with a connected account', () => {
  it("lists the account's vehicles with the trucks paired with them", async () => {
    const admin = await signIn(t);
    const truck = await createTruck(t, admin, { name: 'Unit 101', telematicsVehicleId: '281474976710001' });
    const res = await api(admin, 'GET', '/Telematics/Fleet');
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(
      res.body.data.map((v: any) => [v.id, v.truckId]),
      [
        ['281474976710001', truck.id],
        ['281474976710002', null],
        ['281474976710003', null],
      ],
    );
    const locations = (await api(admin, 'GET', '/Telematics/FleetLocations')).body.data;
    assert.deepEqual(
      locations.map((l: any) => [l.vehicleId, l.truckId, l.speedMph]),
      [
        ['281474976710001', truck.id, 55.5],
        ['281474976710002', null, 0],
      ],
    );
    const other = await signIn(t);
    assert.ok(
      (await api(other, 'GET', '/Telematics/Fleet')).body.data.every((v: any) => v.truckId === null),
      "never another company's trucks",
    );
  });

  it('changes a vehicle in the account; checks the VIN first', async () => {
    const admin = await signIn(t);
    const res = await api(admin, 'PUT', '/Telematics/Vehicle', { id: '281474976710002', name: 'Unit 102B', licensePlate: 'tx 9pl0043', truckId: 5 });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual([res.body.data.name, res.body.data.licensePlate, res.body.data.truckId], ['Unit 102B', 'TX 9PL0043', null]);
    assert.deepEqual(JSON.parse(seen[0]!.body), { name: 'Unit 102B', licensePlate: 'TX 9PL0043' });
    seen.length = 0;
    expectProblem(await api(admin, 'PUT', '/Telematics/Vehicle', { id: '281474976710002', vin: '3AKJHHDR4MSA12345' }), 'vin');
    expectProblem(await api(admin, 'PUT', '/Telematics/Vehicle', { id: '281474976710002' }), '$');
    expectProblem(await api(admin, 'PUT', '/Telematics/Vehicle', { id: '281474976710002', name: '   ' }), 'name');
    expectProblem(await api(admin, 'PUT', '/Telematics/Vehicle', { name: 'X' }), 'id');
    assert.equal(seen.length, 0, 'nothing sent to the account');
    expectNotFound(await api(admin, 'PUT', '/Telematics/Vehicle', { id: 'no-such-vehicle', name: 'X' }));
  });

  it('audits a vehicle changed in the account once the account took it; a refused change leaves no row', async () => {
    const admin = await signIn(t);
    const truck = await createTruck(t, admin, { name: 'Paired 102', telematicsVehicleId: '281474976710002' });
    const res = await api(admin, 'PUT', '/Telematics/Vehicle', { id: '281474976710002', notes: 'Spare tire checked' });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual([res.body.data.notes, res.body.data.truckId], ['Spare tire checked', truck.id]);
    assert.equal(await auditCount(t, admin.companyId, 'telematics.vehicle_update'), 1);
    const { rows } = await sql<{
      entity_type: string;
      entity_id: string;
      after: any;
      user_id: string;
    }>`select entity_type, entity_id, after, user_id from audit_log
      where company_id = ${admin.companyId} and action = 'telematics.vehicle_update'`.execute(t.database.db);
    assert.deepEqual(
      rows.map((r) => [r.entity_type, r.entity_id, r.after, r.user_id]),
      [['telematics_vehicle', '281474976710002', { changes: { notes: 'Spare tire checked' }, truckId: truck.id }, admin.userId]],
    );
    expectNotFound(await api(admin, 'PUT', '/Telematics/Vehicle', { id: 'no-such-vehicle', name: 'X' }));
    expectProblem(await api(admin, 'PUT', '/Telematics/Vehicle', { id: '281474976710002', vin: '1FUJGLDR5CSBM1234' }), 'vin');
    mode = 'failing';
    assert.equal((await api(admin, 'PUT', '/Telematics/Vehicle', { id: '281474976710002', name: 'X' })).status, 503);
    mode = 'ok';
    assert.equal(await auditCount(t, admin.companyId, 'telematics.vehicle_update'), 1, 'only the change the account took');
  });

  it('sends a European or other non-North-American VIN whatever its 9th character; checks a North American or Chinese one', async () => {
    const admin = await signIn(t);
    for (const vin of ['YV2RT40A8JB123456', 'WDB9634031L123456', 'LRW3E7FA8MC123456']) {
      const res = await api(admin, 'PUT', '/Telematics/Vehicle', { id: '281474976710002', vin });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.equal(res.body.data.vin, vin);
    }
    seen.length = 0;
    for (const vin of ['1FUJGLDR5CSBM1234', 'LRW3E7FA0MC123456']) {
      const res = await api(admin, 'PUT', '/Telematics/Vehicle', { id: '281474976710002', vin });
      expectProblem(res, 'vin');
      assert.match(res.body.errors.vin[0], /check digit/);
    }
    assert.equal(seen.length, 0, 'nothing sent to the account');
  });

  it('answers provider failures with a clear 502 or 503 envelope, never a crash or the token', async () => {
    const admin = await signIn(t);
    const cases: Array<[Mode, number, string]> = [
      ['slow', 503, 'telematics.unavailable'],
      ['failing', 503, 'telematics.unavailable'],
      ['unauthorized', 502, 'telematics.rejected'],
      ['not_json', 502, 'telematics.bad_response'],
    ];
    for (const [failing, status, code] of cases) {
      mode = failing;
      for (const url of ['/Telematics/Fleet', '/Telematics/FleetLocations', '/Trucks/TrucksWithVehicles']) {
        if (url === '/Trucks/TrucksWithVehicles') await createTruck(t, admin);
        const res = await api(admin, 'GET', url);
        assert.equal(res.status, status, `${failing} ${url}: ${JSON.stringify(res.body)}`);
        assert.deepEqual([res.body.success, res.body.errors[0].code], [false, code]);
        assert.ok(!JSON.stringify(res.body).includes(TOKEN));
      }
    }
    mode = 'ok';
    assert.equal((await api(admin, 'GET', '/Telematics/Fleet')).status, 200, 'the service carries on');
  });

  it('pairs trucks with vehicles on TrucksWithVehicles: paired, suggested by VIN, missing, unpaired', async () => {
    const admin = await signIn(t);
    const paired = await createTruck(t, admin, { name: 'A paired', telematicsVehicleId: '281474976710001' });
    const byVin = await createTruck(t, admin, { name: 'B by VIN', vin: 'JALC4W162L7012345' });
    const missing = await createTruck(t, admin, { name: 'C missing', telematicsVehicleId: 'gone-from-account' });
    const unpaired = await createTruck(t, admin, { name: 'D unpaired' });
    const res = await api(admin, 'GET', '/Trucks/TrucksWithVehicles?ItemsPerPage=10');
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const list = res.body.data.list;
    assert.deepEqual(
      list.map((x: any) => [x.id, x.pairing, x.vehicle?.id ?? null]),
      [
        [paired.id, 'Paired', '281474976710001'],
        [byVin.id, 'SuggestedByVin', '281474976710002'],
        [missing.id, 'VehicleMissing', null],
        [unpaired.id, 'Unpaired', null],
      ],
    );
    assert.equal(list[0].vehicle.truckId, paired.id);
    assert.deepEqual([res.body.data.totalCount, list[0].name, list[0].plateNumber], [4, 'A paired', null]);
    const page = (await api(admin, 'GET', '/Trucks/TrucksWithVehicles?ItemsPerPage=1&Page=2&SortBy=name')).body.data;
    assert.deepEqual([page.list.map((x: any) => x.id), page.totalCount], [[byVin.id], 4]);
  });

  it('suggests by VIN only a vehicle no truck is paired with, on the page or not', async () => {
    const admin = await signIn(t);
    const holder = await createTruck(t, admin, { name: 'Z holder', telematicsVehicleId: '281474976710002' });
    const sameVin = await createTruck(t, admin, { name: 'A same VIN', vin: 'JALC4W162L7012345' });
    const free = await createTruck(t, admin, { name: 'B free VIN', vin: '3AKJHHDR3MSA12345' });
    const first = (await api(admin, 'GET', '/Trucks/TrucksWithVehicles?ItemsPerPage=1')).body.data;
    assert.deepEqual(
      first.list.map((x: any) => [x.id, x.pairing, x.vehicle]),
      [[sameVin.id, 'Unpaired', null]],
      "its vehicle is the holder's, on another page",
    );
    const all = (await api(admin, 'GET', '/Trucks/TrucksWithVehicles')).body.data.list;
    assert.deepEqual(
      all.map((x: any) => [x.id, x.pairing, x.vehicle?.id ?? null, x.vehicle?.truckId ?? null]),
      [
        [sameVin.id, 'Unpaired', null, null],
        [free.id, 'SuggestedByVin', '281474976710001', null],
        [holder.id, 'Paired', '281474976710002', holder.id],
      ],
    );
    expectFailure(await api(admin, 'PUT', `/Trucks/${sameVin.id}`, { telematicsVehicleId: '281474976710002' }), 'trucks.duplicate_telematics_vehicle_id');
  });

  it('serves only the companies TELEMATICS_COMPANY_ID names', async () => {
    const owner = await signIn(t);
    const stranger = await signIn(t);
    const restricted = await startTestApp({
      database: t.database,
      env: { TELEMATICS_API_TOKEN: TOKEN, TELEMATICS_BASE_URL: baseUrl, TELEMATICS_COMPANY_ID: String(owner.companyId) },
    });
    try {
      const get = (s: Session, url: string) => call(restricted, 'GET', `/api/v1${url}`, { token: s.token });
      assert.equal((await get(owner, '/Telematics/Fleet')).status, 200);
      expectFailure(await get(stranger, '/Telematics/Fleet'), 'telematics.not_connected');
      await createTruck(restricted, stranger);
      assert.equal((await get(stranger, '/Trucks/TrucksWithVehicles')).body.data.list[0].pairing, 'NotConnected');
    } finally {
      await restricted.close();
    }
  });
});
