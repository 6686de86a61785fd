// Maps: reverse geocoding (offline) and expanding shortened map links. Nothing here belongs to a
// company, so there is no cross-company case. Links are followed against a local HTTP server that
// plays the shortener; nothing reaches the internet. Success cases use a user holding no
// permission at all: sign-in is the only requirement.
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { mapsService } from '../../src/areas/maps/index.js';
import { EXPAND_MAX_REDIRECTS, EXPAND_TIMEOUT_MS } from '../../src/integrations/geo/expand-url.js';
import { gazetteer } from '../../src/integrations/geo/index.js';
import { coordinatesOf, providerOf, unwrapConsent } from '../../src/integrations/geo/map-links.js';
import { AddressNotAllowedError, checkConnected, guardedLookup, isPublicAddress } from '../../src/integrations/geo/net-guard.js';
import { AppError } from '../../src/platform/errors.js';
import { call, startTestApp, type TestApp } from '../helpers/app.js';
import { signIn } from '../helpers/factories.js';

let t: TestApp;
let token: string;
let server: Server;
let origin: string;
/** Paths the local server was asked for. */
const hits: string[] = [];

const EIFFEL = '/maps/place/Eiffel+Tower/@48.8583701,2.2944813,17z/data=!3m1!4b1!4m6!3m5!1s0x47e66e2964e34e2d:0x8ddca9ee380ef7e0!8m2!3d48.8583701!4d2.2944813';

/** A shortener: redirect chains, loops, dead ends and a server that never answers. */
function shortener(): Server {
  return createServer((req, res) => {
    const path = req.url ?? '/';
    hits.push(path);
    const redirect = (status: number, location: string) => {
      res.writeHead(status, { location });
      res.end();
    };
    const chain = /^\/chain\/(\d+)$/.exec(path);
    if (chain) {
      const left = Number(chain[1]);
      return left === 0 ? redirect(302, '/maps?q=40.7128,-74.0060') : redirect(302, `/chain/${left - 1}`);
    }
    switch (path) {
      case '/short':
        return redirect(302, '/hop');
      case '/hop':
        return redirect(301, `${origin}${EIFFEL}`);
      case '/osm':
        return redirect(307, '/?mlat=51.5007&mlon=-0.1246#map=17/51.5/-0.12');
      case '/name-only':
        return redirect(302, '/maps/place/Some+Warehouse');
      case '/loop-a':
        return redirect(302, '/loop-b');
      case '/loop-b':
        return redirect(302, '/loop-a');
      case '/to-ftp':
        return redirect(302, 'ftp://files.example.com/map.kml');
      case '/to-file':
        return redirect(302, 'file:///etc/passwd');
      case '/gone':
        res.writeHead(404);
        return res.end('not found');
      case '/slow':
        return; // never answers: the caller's time limit ends it
      default:
        res.writeHead(200, { 'content-type': 'text/html' });
        return res.end('<html><body>map</body></html>');
    }
  });
}

before(async () => {
  server = shortener();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await startTestApp({ env: { EXPAND_URL_ALLOW_PRIVATE: 'true' } });
  token = (await signIn(t, { permissions: [] })).token;
});
after(async () => {
  server.closeAllConnections();
  server.close();
  await t.close();
});

const expand = (url: unknown, auth: string | null = token, app: TestApp = t) =>
  call(app, 'POST', '/api/v1/Maps/ExpandUrl', { ...(auth ? { token: auth } : {}), body: { url } });

function assertRefused(res: { status: number; body: any }, code: string) {
  assert.equal(res.status, 400, JSON.stringify(res.body));
  assert.equal(res.body.success, false);
  assert.equal(res.body.errors[0].code, code, res.body.errors[0].message);
}

function assertProblem(res: { status: number; body: any }, field: string) {
  assert.equal(res.status, 400);
  assert.equal(res.body.title, 'One or more validation errors occurred.');
  assert.ok(res.body.errors[field], `${field} in ${JSON.stringify(res.body.errors)}`);
}

describe('GET /Maps/ReverseGeocode', () => {
  const geocode = (query: string, auth: string | null = token) => call(t, 'GET', `/api/v1/Maps/ReverseGeocode?${query}`, auth ? { token: auth } : {});

  it('gives the nearest city with its state, country and nearest ZIP code, every Address field present', async () => {
    const res = await geocode('lat=40.7128&lng=-74.0060');
    assert.equal(res.status, 200);
    const a = res.body.data;
    for (const field of ['id', 'name', 'street', 'city', 'state', 'postalCode', 'country', 'latitude', 'longitude', 'isMain', 'customerId']) {
      assert.ok(field in a, field);
    }
    assert.deepEqual(
      [a.id, a.name, a.street, a.isMain, a.customerId, a.city, a.state, a.stateCode, a.country, a.countryId, a.latitude, a.longitude],
      [null, null, null, false, null, 'New York City', 'New York', 'NY', 'US', 840, 40.7128, -74.006],
    );
    assert.match(a.postalCode, /^100\d\d$/);
    assert.equal(a.postalCodeIsPartial, false);
    assert.ok(a.distanceKm < 1);
    assert.equal(a.fullAddress, `New York City, New York ${a.postalCode}, US`);
  });

  it('gives a Canadian FSA as a partial code, and no code where there is no postal data', async () => {
    const ottawa = (await geocode('lat=45.42&lng=-75.70')).body.data;
    // Downtown Ottawa: the nearest GeoNames place is its Centretown neighbourhood.
    assert.deepEqual([ottawa.city, ottawa.stateCode, ottawa.country, ottawa.postalCode, ottawa.postalCodeIsPartial], ['Centretown', 'ON', 'CA', 'K1A', true]);
    const paris = (await geocode('lat=48.8566&lng=2.3522')).body.data;
    assert.deepEqual([paris.city, paris.country, paris.postalCode, paris.postalCodeIsPartial], ['Paris', 'FR', null, false]);
  });

  it('measures on the sphere: across the antimeridian and far from any city', async () => {
    // Fiji spans 180°: a point just east of it is near Fijian towns just west of it.
    for (const lng of ['179.99', '-179.99']) {
      const fiji = (await geocode(`lat=-16.8&lng=${lng}`)).body.data;
      assert.equal(fiji.country, 'FJ', lng);
      assert.ok(fiji.distanceKm < 100, `${lng}: ${fiji.distanceKm} km`);
    }
    const ocean = (await geocode('lat=0&lng=-30')).body.data;
    assert.ok(ocean.distanceKm > 300, String(ocean.distanceKm));
  });

  it('refuses a missing or out-of-range coordinate with the problem object', async () => {
    assertProblem(await geocode('lat=91&lng=0'), 'lat');
    assertProblem(await geocode('lat=0&lng=-180.5'), 'lng');
    assertProblem(await geocode('lat=10'), 'lng');
    assertProblem(await geocode('lng=10'), 'lat');
    assertProblem(await geocode('lat=north&lng=10'), 'lat');
  });

  it('needs a token', async () => {
    const res = await geocode('lat=40.7128&lng=-74.0060', null);
    assert.equal(res.status, 401);
    assert.equal(res.raw.length, 0);
  });

  it("agrees with the gazetteer's nearest city for points all over the world", async () => {
    const g = await gazetteer();
    for (const [lat, lng] of [
      [51.5074, -0.1278],
      [-33.8688, 151.2093],
      [35.6762, 139.6503],
      [-23.5505, -46.6333],
      [64.1466, -21.9426],
    ]) {
      const a = (await geocode(`lat=${lat}&lng=${lng}`)).body.data;
      assert.equal(a.cityId, g.nearestCity(lat!, lng!)!.city.id, `${lat},${lng}`);
      assert.ok(a.distanceKm < 30, `${lat},${lng}: ${a.distanceKm} km to ${a.city}`);
    }
  });
});

describe('POST /Maps/ExpandUrl', () => {
  it('follows the redirects of a shortened link and reads the coordinates where it ends', async () => {
    const res = await expand(`${origin}/short`);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(res.body.data, {
      originalUrl: `${origin}/short`,
      expandedUrl: `${origin}${EIFFEL}`,
      latitude: 48.8583701,
      longitude: 2.2944813,
      redirects: 2,
      provider: null,
    });
    const osm = (await expand(`${origin}/osm`)).body.data;
    assert.deepEqual([osm.latitude, osm.longitude, osm.redirects], [51.5007, -0.1246, 1]);
  });

  it('answers null coordinates, not an error, when the link names a place only', async () => {
    const res = await expand(`${origin}/name-only`);
    assert.equal(res.status, 200);
    assert.deepEqual([res.body.data.expandedUrl, res.body.data.latitude, res.body.data.longitude], [`${origin}/maps/place/Some+Warehouse`, null, null]);
  });

  it('follows 5 redirects, and refuses a sixth and a loop', async () => {
    assert.equal(EXPAND_MAX_REDIRECTS, 5);
    const five = await expand(`${origin}/chain/4`);
    assert.equal(five.status, 200);
    assert.deepEqual([five.body.data.redirects, five.body.data.latitude, five.body.data.longitude], [5, 40.7128, -74.006]);
    assertRefused(await expand(`${origin}/chain/5`), 'maps.too_many_redirects');
    assertRefused(await expand(`${origin}/loop-a`), 'maps.too_many_redirects');
  });

  it('follows http and https only, the link and each redirect', async () => {
    assertRefused(await expand(`${origin}/to-ftp`), 'maps.unsupported_scheme');
    assertRefused(await expand(`${origin}/to-file`), 'maps.unsupported_scheme');
    assertRefused(await expand('ftp://files.example.com/map.kml'), 'maps.unsupported_scheme');
    assertRefused(await expand('javascript:alert(1)'), 'maps.unsupported_scheme');
  });

  it('refuses a malformed link, a link with credentials, a dead link and an unreachable host', async () => {
    assertRefused(await expand('maps.app.goo.gl/abc'), 'maps.invalid_url');
    assertRefused(await expand('https://user:secret@maps.example.com/x'), 'maps.invalid_url');
    assertRefused(await expand(`${origin}/gone`), 'maps.unreachable');
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    assertRefused(await expand(`http://127.0.0.1:${port}/`), 'maps.unreachable');
  });

  it('refuses a body without a url with the problem object', async () => {
    assertProblem(await call(t, 'POST', '/api/v1/Maps/ExpandUrl', { token, body: {} }), 'url');
    assertProblem(await expand(''), 'url');
    assertProblem(await expand(42), 'url');
    assertProblem(await expand(`https://example.com/${'x'.repeat(2048)}`), 'url');
  });

  it('needs a token', async () => {
    const res = await expand(`${origin}/short`, null);
    assert.equal(res.status, 401);
    assert.equal(res.raw.length, 0);
  });

  it('gives up after its time limit (5 s; shortened here)', async () => {
    assert.equal(EXPAND_TIMEOUT_MS, 5000);
    const maps = mapsService({ geo: gazetteer, expand: { allowPrivate: true, timeoutMs: 300 } });
    const started = Date.now();
    await assert.rejects(maps.expandUrl(`${origin}/slow`), (err: unknown) => err instanceof AppError && err.status === 400 && err.code.code === 'maps.timeout');
    assert.ok(Date.now() - started < 2000);
  });
});

describe('POST /Maps/ExpandUrl without EXPAND_URL_ALLOW_PRIVATE', () => {
  let guarded: TestApp;
  let guardedToken: string;
  before(async () => {
    guarded = await startTestApp();
    guardedToken = (await signIn(guarded, { permissions: [] })).token;
  });
  after(() => guarded.close());

  it('refuses loopback, private and link-local addresses before sending anything', async () => {
    const port = new URL(origin).port;
    const before = hits.length;
    for (const url of [
      `${origin}/short`,
      `http://localhost:${port}/short`,
      `http://[::1]:${port}/short`,
      `http://[::ffff:127.0.0.1]:${port}/short`,
      'http://10.0.0.1/x',
      'http://192.168.1.1/x',
      'http://169.254.169.254/latest/meta-data/',
      'http://0.0.0.0/x',
    ]) {
      assertRefused(await expand(url, guardedToken, guarded), 'maps.address_not_allowed');
    }
    assert.equal(hits.length, before, 'the local server was never asked');
  });

  it('refuses a name whose DNS answer is private', async () => {
    const maps = mapsService({
      geo: gazetteer,
      expand: { allowPrivate: false, resolve: (_host, callback) => callback(null, [{ address: '10.1.2.3', family: 4 }]) },
    });
    await assert.rejects(
      maps.expandUrl('http://maps.example.test/abc'),
      (err: unknown) => err instanceof AppError && err.code.code === 'maps.address_not_allowed',
    );
  });
});

describe('address guard', () => {
  it('knows public addresses from the others', () => {
    for (const a of ['8.8.8.8', '1.1.1.1', '2001:4860:4860::8888', '::ffff:8.8.8.8']) assert.equal(isPublicAddress(a), true, a);
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '192.0.2.1',
      '::1',
      '::',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '64:ff9b::7f00:1',
      '2002:7f00:1::',
      'not-an-address',
    ])
      assert.equal(isPublicAddress(a), false, a);
  });

  it('filters DNS answers to public addresses', async () => {
    const lookup = guardedLookup(
      (_h, cb) =>
        cb(null, [
          { address: '10.0.0.1', family: 4 },
          { address: '8.8.8.8', family: 4 },
        ]),
      false,
    );
    const all = await new Promise((resolve) => lookup('mixed.test', { all: true }, (_e, addresses) => resolve(addresses)));
    assert.deepEqual(all, [{ address: '8.8.8.8', family: 4 }]);
    const privateOnly = guardedLookup((_h, cb) => cb(null, [{ address: '127.0.0.1', family: 4 }]), false);
    const err = await new Promise((resolve) => privateOnly('rebind.test', {}, (e) => resolve(e)));
    assert.ok(err instanceof AddressNotAllowedError);
  });

  it('checks the address actually connected to (DNS rebinding)', () => {
    let destroyed = false;
    const socket = {
      remoteAddress: '127.0.0.1',
      destroy: () => {
        destroyed = true;
        return socket as never;
      },
    };
    assert.ok(checkConnected(socket, 'looked-public.test') instanceof AddressNotAllowedError);
    assert.equal(destroyed, true);
    assert.equal(checkConnected({ remoteAddress: '93.184.216.34', destroy: () => socket as never }, 'example.com'), null);
  });
});

describe('map link formats', () => {
  const at = (url: string) => coordinatesOf(new URL(url));

  it('reads Google, Apple, OpenStreetMap, Bing and Waze links', () => {
    const cases: Array<[string, [number, number]]> = [
      [`https://www.google.com${EIFFEL}`, [48.8583701, 2.2944813]],
      ['https://www.google.com/maps/@40.7127753,-74.0059728,15z', [40.7127753, -74.0059728]],
      ['https://www.google.com/maps?q=40.7128,-74.0060', [40.7128, -74.006]],
      ['https://maps.google.com/?q=loc:40.7128,-74.0060', [40.7128, -74.006]],
      ['https://www.google.com/maps/search/?api=1&query=47.5951518%2C-122.3316393', [47.5951518, -122.3316393]],
      ['https://maps.google.com/maps?ll=37.4220,-122.0841&z=14', [37.422, -122.0841]],
      ['https://www.google.com/maps/search/40.7128,+-74.0060', [40.7128, -74.006]],
      ['https://www.google.com/maps/dir/?api=1&destination=34.0522,-118.2437', [34.0522, -118.2437]],
      ['https://maps.apple.com/?ll=37.3349,-122.0090&q=Apple%20Park', [37.3349, -122.009]],
      ['https://maps.apple.com/?q=37.3349,-122.0090', [37.3349, -122.009]],
      ['https://maps.apple.com/place?coordinate=37.3349,-122.0090&name=Park', [37.3349, -122.009]],
      ['https://www.openstreetmap.org/#map=17/52.51628/13.37771', [52.51628, 13.37771]],
      ['https://www.openstreetmap.org/?mlat=52.5163&mlon=13.3777#map=15/52.5/13.3', [52.5163, 13.3777]],
      ['https://www.bing.com/maps?cp=47.6062~-122.3321&lvl=11', [47.6062, -122.3321]],
      ['https://waze.com/ul?ll=45.6906304,-120.810983&navigate=yes', [45.6906304, -120.810983]],
      ['https://www.waze.com/live-map/directions?to=ll.45.6906304%2C-120.810983', [45.6906304, -120.810983]],
    ];
    for (const [url, [latitude, longitude]] of cases) assert.deepEqual(at(url), { latitude, longitude }, url);
  });

  it('finds nothing in links without coordinates or with impossible ones', () => {
    assert.equal(at('https://www.google.com/maps/place/Eiffel+Tower'), null);
    assert.equal(at('https://maps.apple.com/?q=Apple+Park'), null);
    assert.equal(at('https://www.google.com/maps?q=95.1,10'), null);
    assert.equal(at('https://www.bing.com/maps?cp=10~200'), null);
    assert.equal(at('https://example.com/'), null);
  });

  it("sees through Google's consent page and names the provider", () => {
    const consent = new URL(`https://consent.google.com/ml?continue=${encodeURIComponent(`https://www.google.com${EIFFEL}`)}&gl=FR`);
    assert.equal(unwrapConsent(consent).href, `https://www.google.com${EIFFEL}`);
    assert.equal(providerOf(new URL('https://www.google.co.uk/maps')), 'Google');
    assert.equal(providerOf(new URL('https://maps.app.goo.gl/x')), 'Google');
    assert.equal(providerOf(new URL('https://maps.apple.com/')), 'Apple');
    assert.equal(providerOf(new URL('https://www.openstreetmap.org/')), 'OpenStreetMap');
    assert.equal(providerOf(new URL('https://www.bing.com/maps')), 'Bing');
    assert.equal(providerOf(new URL('https://waze.com/ul')), 'Waze');
    assert.equal(providerOf(new URL('https://example.com/')), null);
  });
});
