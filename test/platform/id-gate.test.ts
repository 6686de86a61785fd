// The id gate (src/platform/id-gate.ts) on test-only routes declaring ids of zones (settings): the
// rows handed to the handler, a missing or another company's id refused before the handler runs
// (404 naming each missing id, or a 400 naming the field), lists and nested lists, a reading
// declared with `with`, a kind chosen by the request, filters not read, and routes without the
// company's transaction.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { type ZoneRow, zoneRecords } from '../../src/areas/settings/index.js';
import type { Database } from '../../src/db/database.js';
import { tenantRunner } from '../../src/db/tenant.js';
import { signedIn } from '../../src/platform/access.js';
import { authenticator, type Tokens } from '../../src/platform/auth.js';
import type { Tenant } from '../../src/platform/door.js';
import { NO_HOOKS } from '../../src/platform/events.js';
import { companyRecords } from '../../src/platform/records.js';
import { defineRoute, registerRoutes } from '../../src/platform/route.js';
import { Id, Type } from '../../src/platform/schemas.js';
import { call, startTestApp, type TestApp } from '../helpers/app.js';
import { type Session, signIn } from '../helpers/factories.js';

let t: TestApp;
/** Handler runs by route: a refused request must not reach its handler. */
const ran = new Map<string, number>();
const count = (name: string) => ran.set(name, (ran.get(name) ?? 0) + 1);
/** The kinds the `chosen` route was asked for. */
const chosen: string[] = [];
const chosenBy = (kind: string) => {
  chosen.push(kind);
  return zoneRecords;
};
/** Zones, each read recorded: the ids of one statement. */
const zoneReads: number[][] = [];
const countedZones = companyRecords<ZoneRow>({
  name: 'zone',
  what: 'Zone',
  read: (t, ids) => {
    zoneReads.push([...ids]);
    return zoneRecords.findAll(t, ids);
  },
});
const zoneNames = (rows: Array<{ name: string }>) => rows.map((z) => z.name);

function addGateRoutes(app: FastifyInstance, deps: { database: Database; tokens: Tokens }): void {
  const Body = Type.Object({
    zoneIds: Type.Optional(Type.Array(Id)),
    lines: Type.Optional(Type.Array(Type.Object({ zoneId: Type.Optional(Type.Union([Id, Type.Null()])) }))),
    nameLike: Type.Optional(Type.Array(Id)),
  });
  registerRoutes(
    app,
    [
      defineRoute({
        method: 'GET',
        url: '/__gate/zones/:id',
        access: signedIn,
        summary: 'a zone by its path id',
        params: Type.Object({ id: Id }),
        ids: { params: { id: zoneRecords } },
        response: Type.Unknown(),
        handler: ({ found }) => {
          count('one');
          return found.one(zoneRecords).name;
        },
      }),
      defineRoute({
        method: 'POST',
        url: '/__gate/zones',
        access: signedIn,
        summary: 'zones by a list, by nested fields, and a filter',
        body: Body,
        ids: { body: { zoneIds: zoneRecords, 'lines[].zoneId': { field: zoneRecords }, nameLike: { filter: zoneRecords } } },
        response: Type.Unknown(),
        handler: ({ found, body }) => {
          count('many');
          return {
            listed: zoneNames(found.all(zoneRecords, 'zoneIds')),
            lines: zoneNames(found.all(zoneRecords, 'lines[].zoneId')),
            filter: body.nameLike ?? [],
          };
        },
      }),
      defineRoute({
        method: 'GET',
        url: '/__gate/:kind/:id',
        access: signedIn,
        summary: 'a record of the kind the path names',
        params: Type.Object({ kind: Type.String(), id: Id }),
        ids: {
          params: {
            kind: 'not-an-id',
            id: { chosen: (req) => chosenBy((req.params as { kind: string }).kind), walk: zoneRecords },
          },
        },
        response: Type.Unknown(),
        handler: ({ found }) => {
          count('chosen');
          return found.at<{ name: string }>('params.id')[0]!.name;
        },
      }),
      defineRoute({
        method: 'POST',
        url: '/__gate/pair',
        access: signedIn,
        summary: 'two ids of one kind',
        body: Type.Object({ fromZoneId: Id, toZoneId: Id }),
        ids: { body: { fromZoneId: countedZones, toZoneId: { field: countedZones } } },
        response: Type.Unknown(),
        handler: ({ found }) => [found.one(countedZones, 'fromZoneId').name, found.one(countedZones, 'toZoneId').name],
      }),
      defineRoute({
        method: 'DELETE',
        url: '/__gate/zones',
        access: signedIn,
        summary: 'a body that is a list of ids',
        body: Type.Array(Id),
        ids: { body: { '[]': zoneRecords } },
        response: Type.Unknown(),
        handler: ({ found }) => zoneNames(found.all(zoneRecords)),
      }),
      defineRoute({
        method: 'PUT',
        url: '/__gate/zones',
        access: signedIn,
        summary: 'a body that is a list of objects with ids',
        body: Type.Array(Type.Object({ zoneId: Id })),
        ids: { body: { '[].zoneId': { field: zoneRecords } } },
        response: Type.Unknown(),
        handler: ({ found }) => zoneNames(found.all(zoneRecords)),
      }),
      defineRoute({
        method: 'GET',
        url: '/__gate/optional',
        access: signedIn,
        summary: 'an id whose 0 means none',
        querystring: Type.Object({ zoneId: Type.Optional(Type.Integer({ minimum: 0, default: 0 })) }),
        ids: { query: { zoneId: { orNone: zoneRecords } } },
        response: Type.Unknown(),
        handler: ({ found }) => found.maybe(zoneRecords)?.name ?? 'none',
      }),
      defineRoute({
        method: 'POST',
        url: '/__gate/outside/:id',
        access: signedIn,
        summary: 'a route without the company transaction',
        transaction: false,
        params: Type.Object({ id: Id }),
        ids: { params: { id: zoneRecords } },
        response: Type.Unknown(),
        handler: ({ found }) => {
          count('outside');
          return found.one(zoneRecords).name;
        },
      }),
    ],
    { db: deps.database.db, tenants: tenantRunner(deps.database, NO_HOOKS), authenticate: authenticator(deps.database.db, deps.tokens) },
    ['Gate'],
  );
}

let own: Session;
let other: Session;
let north: number;
let south: number;
let foreign: number;

async function zone(session: Session, name: string): Promise<number> {
  const res = await call(t, 'POST', '/api/v1/Zones', { token: session.token, body: { name, postalCodes: [] } });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body.data.id;
}

before(async () => {
  t = await startTestApp({ extend: (app, deps) => addGateRoutes(app, deps) });
  own = await signIn(t);
  other = await signIn(t);
  north = await zone(own, 'North');
  south = await zone(own, 'South');
  foreign = await zone(other, 'Elsewhere');
});
after(() => t.close());

const MISSING = 2147480000;

describe('the id gate', () => {
  it("hands the handler the rows of the path's id; another company's id is the 404 an id that exists nowhere is, and the handler never runs", async () => {
    const res = await call(t, 'GET', `/api/v1/__gate/zones/${north}`, { token: own.token });
    assert.equal(res.status, 200);
    assert.equal(res.body.data, 'North');
    const before = ran.get('one');
    for (const id of [foreign, MISSING]) {
      const refused = await call(t, 'GET', `/api/v1/__gate/zones/${id}`, { token: own.token });
      assert.equal(refused.status, 404);
      assert.deepEqual(refused.body.errors, [{ code: 'meta.not_found', message: `Zone ${id} was not found.` }]);
    }
    assert.equal(ran.get('one'), before, 'refused before the handler');
  });

  it('reads a list and nested fields in the order sent; names every missing id of a list in one 404, and a missing field by its place in a 400', async () => {
    const res = await call(t, 'POST', '/api/v1/__gate/zones', {
      token: own.token,
      body: { zoneIds: [south, north, south], lines: [{ zoneId: north }, { zoneId: null }, {}], nameLike: [foreign] },
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(res.body.data, { listed: ['South', 'North'], lines: ['North'], filter: [foreign] }, 'a filter is not read, and refuses nothing');

    const listed = await call(t, 'POST', '/api/v1/__gate/zones', { token: own.token, body: { zoneIds: [north, foreign, MISSING] } });
    assert.equal(listed.status, 404);
    assert.equal(listed.body.errors[0].message, `Zones ${foreign}, ${MISSING} were not found.`, 'only the missing ones, not the company’s own');

    const field = await call(t, 'POST', '/api/v1/__gate/zones', {
      token: own.token,
      body: { lines: [{ zoneId: north }, { zoneId: foreign }, { zoneId: MISSING }] },
    });
    assert.equal(field.status, 400);
    assert.deepEqual(field.body.errors, {
      'lines[1].zoneId': [`Zone ${foreign} was not found.`],
      'lines[2].zoneId': [`Zone ${MISSING} was not found.`],
    });
  });

  it('reads a kind the request chooses, and a route without the company transaction before its handler', async () => {
    chosen.length = 0;
    assert.equal((await call(t, 'GET', `/api/v1/__gate/zone/${south}`, { token: own.token })).body.data, 'South');
    assert.equal((await call(t, 'GET', `/api/v1/__gate/region/${foreign}`, { token: own.token })).status, 404);
    assert.deepEqual(chosen, ['zone', 'region']);
    const before = ran.get('outside') ?? 0;
    assert.equal((await call(t, 'POST', `/api/v1/__gate/outside/${north}`, { token: own.token })).body.data, 'North');
    const refused = await call(t, 'POST', `/api/v1/__gate/outside/${foreign}`, { token: own.token });
    assert.equal(refused.status, 404);
    assert.equal(ran.get('outside'), before + 1, 'the refused request never reached the handler');
  });

  it('reads a body that is a list: of ids (`[]`), or of objects with ids (`[].zoneId`)', async () => {
    assert.deepEqual((await call(t, 'DELETE', '/api/v1/__gate/zones', { token: own.token, body: [north, south] })).body.data, ['North', 'South']);
    const refused = await call(t, 'DELETE', '/api/v1/__gate/zones', { token: own.token, body: [north, foreign] });
    assert.equal(refused.status, 404);
    assert.equal(refused.body.errors[0].message, `Zone ${foreign} was not found.`);
    assert.deepEqual((await call(t, 'PUT', '/api/v1/__gate/zones', { token: own.token, body: [{ zoneId: south }] })).body.data, ['South']);
    const field = await call(t, 'PUT', '/api/v1/__gate/zones', { token: own.token, body: [{ zoneId: north }, { zoneId: foreign }] });
    assert.equal(field.status, 400);
    assert.deepEqual(field.body.errors, { '[1].zoneId': [`Zone ${foreign} was not found.`] });
  });

  it('reads the ids of one kind in one statement, and refuses them declaration by declaration', async () => {
    zoneReads.length = 0;
    const pair = await call(t, 'POST', '/api/v1/__gate/pair', { token: own.token, body: { fromZoneId: south, toZoneId: north } });
    assert.deepEqual(pair.body.data, ['South', 'North']);
    assert.deepEqual(zoneReads, [[south, north]]);
    const both = await call(t, 'POST', '/api/v1/__gate/pair', { token: own.token, body: { fromZoneId: foreign, toZoneId: MISSING } });
    assert.equal(both.status, 404, 'the first declaration refuses first');
    assert.equal(both.body.errors[0].message, `Zone ${foreign} was not found.`);
    const field = await call(t, 'POST', '/api/v1/__gate/pair', { token: own.token, body: { fromZoneId: north, toZoneId: foreign } });
    assert.deepEqual(field.body.errors, { toZoneId: [`Zone ${foreign} was not found.`] });
  });

  it('reads nothing for 0 where 0 means none, and refuses any other missing id', async () => {
    const get = (query: string) => call(t, 'GET', `/api/v1/__gate/optional${query}`, { token: own.token });
    assert.equal((await get('')).body.data, 'none');
    assert.equal((await get('?zoneId=0')).body.data, 'none');
    assert.equal((await get(`?zoneId=${north}`)).body.data, 'North');
    const refused = await get(`?zoneId=${foreign}`);
    assert.equal(refused.status, 404);
    assert.equal(refused.body.errors[0].message, `Zone ${foreign} was not found.`);
  });

  it('reads with the options a declaration binds (`with`), unless a caller gives others', async () => {
    const seen: unknown[] = [];
    const probes = companyRecords<{ id: number }, number, { deleted: boolean } | undefined>({
      name: 'probe',
      what: 'Probe',
      read: async (_t, ids, options) => {
        seen.push(options);
        return ids.map((id) => ({ id }));
      },
    });
    const tenant = {} as Tenant;
    await probes.with({ deleted: true }).findAll(tenant, [1]);
    await probes.with({ deleted: true }).findAll(tenant, [1], { deleted: false });
    await probes.findAll(tenant, [1]);
    assert.deepEqual(seen, [{ deleted: true }, { deleted: false }, undefined]);
    assert.equal(probes.with({ deleted: true }).name, 'probe', 'the same kind to the walk and to found.one');
  });

  it('answers the other company its own record', async () => {
    const res = await call(t, 'GET', `/api/v1/__gate/zones/${foreign}`, { token: other.token });
    assert.equal(res.body.data, 'Elsewhere');
  });
});
