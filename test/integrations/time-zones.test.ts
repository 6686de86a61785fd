// The time zone a bill of lading prints a stop's window in (integrations/geo/time-zones.ts): states
// by code or by name as typed, Idaho cut at its parallel, Michigan's Upper Peninsula at its
// counties on Wisconsin. Code that cannot differ between engines: no database.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { timeZoneOf } from '../../src/integrations/geo/index.js';

const at = (state: string, latitude: number, longitude: number, country = 'US') => timeZoneOf({ country, state, latitude, longitude });

it('reads a state by its name as well as its code', () => {
  assert.equal(at('Texas', 29.7523, -95.3582), 'America/Chicago');
  assert.equal(at('texas', 31.7584, -106.4783), 'America/Denver', 'El Paso');
  assert.equal(at('New  Mexico', 35.08, -106.65), 'America/Denver');
  assert.equal(at('Ontario', 43.65, -79.38, 'CA'), 'America/Toronto');
  assert.equal(at('Nowhere', 30, -95), null);
});

it('cuts Idaho at its parallel: the panhandle is Pacific, Meridian and Nampa Mountain', () => {
  assert.equal(at('ID', 43.6121, -116.3915), 'America/Boise', 'Meridian');
  assert.equal(at('ID', 43.5407, -116.5635), 'America/Boise', 'Nampa');
  assert.equal(at('ID', 47.6777, -116.7805), 'America/Los_Angeles', "Coeur d'Alene");
});

it("keeps Michigan's Upper Peninsula Eastern but its counties on Wisconsin", () => {
  assert.equal(at('MI', 47.1211, -88.5694), 'America/Detroit', 'Houghton');
  assert.equal(at('MI', 45.8202, -88.066), 'America/Menominee', 'Iron Mountain');
  assert.equal(at('MI', 46.4547, -90.1713), 'America/Menominee', 'Ironwood');
  assert.equal(at('MI', 42.3314, -83.0458), 'America/Detroit', 'Detroit');
});
