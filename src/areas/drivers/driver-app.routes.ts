// The driver app's configuration (part 2, "Drivers": /DriverApp/Flow, /DriverApp/Settings). The
// spec lists no access for these rows: reading is open to signed-in users (the driver app and
// dispatch read them); changing them changes every driver's app, which needs "Drivers settings -
// edit/delete data" here.
import { signedIn } from '../../platform/access.js';
import { type AnyRoute, defineRoute } from '../../platform/route.js';
import { Type } from '../../platform/schemas.js';
import { DriverApplicationSettings, DriverApplicationSettingsInput, FlowInput, UserPrompt } from './driver-app.schemas.js';
import { DRIVER_SETTINGS } from './drivers.access.js';
import type { DriverServices } from './index.js';

export function driverAppRoutes({ driverApp }: DriverServices): AnyRoute[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/DriverApp/Flow',
      access: signedIn,
      summary: "The driver app's flow",
      description: 'The prompts a driver answers at each stop, in order. A company that never saved its flow reads the default one (not stored until a PUT).',
      response: Type.Array(UserPrompt),
      handler: ({ tenant }) => driverApp.flow(tenant),
    }),
    defineRoute({
      method: 'PUT',
      url: '/DriverApp/Flow',
      access: DRIVER_SETTINGS,
      // A prompt's id is a key inside the company's own flow document (driver_app_configs.flow),
      // numbered per company from 1: no record of a table, and every company has a prompt 1. It
      // names no other company's anything; the flow's check refuses one the flow lacks (400 [i].id).
      ids: { body: { '[].id': 'not-an-id' } },
      summary: "Replace the driver app's flow",
      description:
        'The whole flow, answered in order. Checked as a whole, every problem named by field ([2].order): each prompt has its own order and a label, stop types ' +
        'are not repeated, a Checklist prompt has items and other kinds none. A prompt sent with its id keeps it (an id the flow does not have is refused); new prompts ' +
        'get ids never given before. [] leaves the app with no prompts.',
      body: FlowInput,
      response: Type.Array(UserPrompt),
      handler: ({ tenant, body }) => driverApp.saveFlow(tenant, body),
    }),
    defineRoute({
      method: 'GET',
      url: '/DriverApp/Settings',
      access: signedIn,
      summary: "The driver app's settings",
      description: 'A company that never saved its settings reads the defaults (isDefault true; not stored until a PUT).',
      response: DriverApplicationSettings,
      handler: ({ tenant }) => driverApp.settings(tenant),
    }),
    defineRoute({
      method: 'PUT',
      url: '/DriverApp/Settings',
      access: DRIVER_SETTINGS,
      summary: "Change the driver app's settings",
      description: 'Changes the settings sent and keeps the others, and answers them all.',
      body: DriverApplicationSettingsInput,
      response: DriverApplicationSettings,
      handler: ({ tenant, body }) => driverApp.saveSettings(tenant, body),
    }),
  ];
}
