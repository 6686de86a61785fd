// Travel matrix providers (src/integrations/geo/matrix/): the offline great-circle estimate, and
// the OSRM `table` adapter against a local stub of that API (node:http on 127.0.0.1, port 0):
// the request shape, blocks for large matrices, unreachable pairs, errors and timeouts.
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import {
  EARTH_RADIUS_M,
  greatCircleMatrix,
  haversineMeters,
  type LatLon,
  MatrixError,
  matrixProvider,
  osrmTableProvider,
} from '../../src/integrations/geo/matrix/index.js';

const ONE_DEGREE = (EARTH_RADIUS_M * Math.PI) / 180; // ≈ 111 195 m along a meridian
const close = (a: number, b: number, rel = 1e-9): boolean => Math.abs(a - b) <= rel * Math.max(1, Math.abs(b));

describe('great-circle matrix', () => {
  it('measures the haversine distance', () => {
    assert.ok(close(haversineMeters({ lat: 0, lon: 0 }, { lat: 1, lon: 0 }), ONE_DEGREE));
    // Paris – London, about 343.5 km.
    const d = haversineMeters({ lat: 48.8566, lon: 2.3522 }, { lat: 51.5074, lon: -0.1278 });
    assert.ok(Math.abs(d - 343_500) < 1_000, String(d));
  });

  it('stretches it by the circuity factor and drives it at the average speed (defaults 1.3, 60 km/h)', () => {
    const m = greatCircleMatrix([
      { lat: 0, lon: 0 },
      { lat: 1, lon: 0 },
    ]);
    assert.deepEqual([m.distances[0][0], m.durations[1][1]], [0, 0]);
    assert.ok(close(m.distances[0][1], 1.3 * ONE_DEGREE));
    assert.ok(close(m.durations[0][1], (1.3 * ONE_DEGREE) / (60 / 3.6)));
    assert.ok(close(m.distances[1][0], m.distances[0][1]));
  });

  it('takes its circuity and speed as options, and refuses nonsense', () => {
    const m = greatCircleMatrix(
      [
        { lat: 0, lon: 0 },
        { lat: 0, lon: 1 },
      ],
      { circuity: 1, speedKmh: 36 },
    );
    assert.ok(close(m.distances[0][1], ONE_DEGREE));
    assert.ok(close(m.durations[0][1], ONE_DEGREE / 10));
    assert.throws(() => greatCircleMatrix([{ lat: 0, lon: 0 }], { circuity: 0.5 }), MatrixError);
    assert.throws(() => greatCircleMatrix([{ lat: 0, lon: 0 }], { speedKmh: 0 }), MatrixError);
    assert.throws(() => greatCircleMatrix([{ lat: 91, lon: 0 }]), MatrixError);
  });

  it('is the provider when OSRM_URL is not set', async () => {
    assert.equal(matrixProvider({ osrmUrl: null }).name, 'great-circle');
    assert.equal(matrixProvider({ osrmUrl: 'http://127.0.0.1:5000' }).name, 'osrm');
    const m = await matrixProvider({ osrmUrl: null }).matrix([
      { lat: 0, lon: 0 },
      { lat: 1, lon: 0 },
    ]);
    assert.ok(close(m.distances[0][1], 1.3 * ONE_DEGREE));
  });
});

/** A stub of OSRM's table service: duration = 10 × |Δlon| + |Δlat|, distance = 100 × that (by the coordinates). */
type Mode = 'ok' | 'error' | 'not-ok' | 'bad-shape' | 'hang' | 'unreachable';

describe('OSRM table adapter', () => {
  let server: Server;
  let url = '';
  let mode: Mode = 'ok';
  const requests: URL[] = [];

  const answer = (req: IncomingMessage, res: ServerResponse): void => {
    const address = new URL(req.url ?? '/', 'http://stub');
    requests.push(address);
    if (mode === 'hang') return; // never answers
    const send = (status: number, body: unknown): void => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (mode === 'error') return send(400, { code: 'InvalidQuery', message: 'Query string malformed close to position 3' });
    if (mode === 'not-ok') return send(200, { code: 'NoTable', message: 'no table' });
    const match = /^\/table\/v1\/driving\/([^/]+)$/.exec(address.pathname);
    if (!match || address.searchParams.get('annotations') !== 'duration,distance') return send(400, { code: 'InvalidUrl' });
    const coords = decodeURIComponent(match[1])
      .split(';')
      .map((c) => c.split(',').map(Number));
    const all = coords.map((_, i) => i);
    const pick = (name: string): number[] => address.searchParams.get(name)?.split(';').map(Number) ?? all;
    const sources = pick('sources');
    const destinations = pick('destinations');
    const cost = (a: number[], b: number[]): number => 10 * Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]);
    const durations = sources.map((s) => destinations.map((d) => (mode === 'unreachable' && s !== d ? null : cost(coords[s], coords[d]))));
    const distances = sources.map((s) => destinations.map((d) => (mode === 'unreachable' && s !== d ? null : 100 * cost(coords[s], coords[d]))));
    send(200, mode === 'bad-shape' ? { code: 'Ok', durations: durations.slice(1), distances } : { code: 'Ok', durations, distances });
  };

  before(async () => {
    server = createServer(answer);
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(async () => {
    server.closeAllConnections();
    await new Promise((done) => server.close(done));
  });

  const points: LatLon[] = [
    { lat: 1, lon: 10 },
    { lat: 2, lon: 12 },
    { lat: 4, lon: 11 },
    { lat: 0, lon: 15 },
    { lat: 3, lon: 13 },
  ];
  const expected = (p: LatLon[]): number[][] => p.map((a) => p.map((b) => 10 * Math.abs(a.lon - b.lon) + Math.abs(a.lat - b.lat)));

  it('asks one table for lon,lat pairs with both annotations, and reads it back', async () => {
    mode = 'ok';
    requests.length = 0;
    const m = await osrmTableProvider({ url: `${url}/` }).matrix(points.slice(0, 3));
    assert.equal(requests.length, 1);
    assert.equal(decodeURIComponent(requests[0].pathname), '/table/v1/driving/10,1;12,2;11,4');
    assert.equal(requests[0].search, '?annotations=duration,distance');
    assert.deepEqual(m.durations, expected(points.slice(0, 3)));
    assert.deepEqual(
      m.distances,
      expected(points.slice(0, 3)).map((row) => row.map((x) => 100 * x)),
    );
  });

  it('leaves toll roads out when the route avoids them', async () => {
    requests.length = 0;
    await osrmTableProvider({ url }).matrix(points.slice(0, 2), { avoidTolls: true });
    assert.equal(requests[0]!.search, '?annotations=duration,distance&exclude=toll');
  });

  it('splits a matrix larger than the server takes into blocks of sources and destinations', async () => {
    mode = 'ok';
    requests.length = 0;
    const m = await osrmTableProvider({ url, maxTableSize: 4 }).matrix(points);
    assert.equal(requests.length, 9, 'blocks of 2, 2 and 1 points, each against each');
    assert.ok(requests.every((r) => decodeURIComponent(r.pathname).split('/').pop()!.split(';').length <= 4));
    assert.deepEqual(m.durations, expected(points));
  });

  it('answers Infinity for a pair without a route', async () => {
    mode = 'unreachable';
    const m = await osrmTableProvider({ url }).matrix(points.slice(0, 2));
    assert.deepEqual(m.durations, [
      [0, Infinity],
      [Infinity, 0],
    ]);
    assert.deepEqual(m.distances, [
      [0, Infinity],
      [Infinity, 0],
    ]);
  });

  it('reports the server error, a code other than Ok, and a malformed answer', async () => {
    const provider = osrmTableProvider({ url });
    mode = 'error';
    await assert.rejects(
      provider.matrix(points.slice(0, 2)),
      (err: Error) => err instanceof MatrixError && /InvalidQuery: Query string malformed/.test(err.message),
    );
    mode = 'not-ok';
    await assert.rejects(provider.matrix(points.slice(0, 2)), /OSRM table: NoTable: no table/);
    mode = 'bad-shape';
    await assert.rejects(provider.matrix(points.slice(0, 2)), /lacks a 2 × 2 durations and distances matrix/);
  });

  it("gives up after its timeout, and on the caller's abort", async () => {
    mode = 'hang';
    await assert.rejects(
      osrmTableProvider({ url, timeoutMs: 100 }).matrix(points.slice(0, 2)),
      (err: Error) => err instanceof MatrixError && /no answer within 100 ms/.test(err.message),
    );
    const controller = new AbortController();
    const pending = osrmTableProvider({ url, timeoutMs: 5000 }).matrix(points.slice(0, 2), { signal: controller.signal });
    setTimeout(() => controller.abort(new Error('caller gave up')), 50);
    await assert.rejects(pending, /caller gave up/);
  });

  it('refuses a connection that fails', async () => {
    mode = 'ok';
    await assert.rejects(osrmTableProvider({ url: 'http://127.0.0.1:1' }).matrix(points.slice(0, 2)), MatrixError);
  });
});
