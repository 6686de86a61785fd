// Rules of the driver app's configuration. A company that never saved its settings or flow reads
// the defaults, answered without being stored (GETs do not write); a save stores the whole
// document. Settings saved before a setting existed read it as its default. The flow is checked as
// a whole: one prompt per place (order), a label, distinct stop types, checklist items for a
// checklist and only for one; a prompt keeps its id, and new prompts get ids never given before.
import type { Tenant } from '../../db/tenant.js';
import { audit } from '../../platform/audit.js';
import { ValidationError } from '../../platform/errors.js';
import { text } from '../../platform/writes.js';
import * as repo from './driver-app.repository.js';
import {
  type AppSettings,
  DEFAULT_FLOW,
  DEFAULT_SETTINGS,
  type DriverApplicationSettingsInputT,
  type DriverApplicationSettingsT,
  type UserPromptInputT,
  type UserPromptT,
} from './driver-app.schemas.js';

function settingsOf(row: repo.ConfigRow | undefined): DriverApplicationSettingsT {
  const stored = row?.settings ?? null;
  const values = { ...DEFAULT_SETTINGS };
  if (stored) for (const key of Object.keys(values) as Array<keyof AppSettings>) if (key in stored) Object.assign(values, { [key]: stored[key] });
  return { ...values, isDefault: stored === null };
}

const flowOf = (row: repo.ConfigRow | undefined): UserPromptT[] => [...((row?.flow as UserPromptT[] | null) ?? DEFAULT_FLOW)].sort((a, b) => a.order - b.order);

/** The flow as it will be stored, or every problem of it keyed by field ("[2].order"). */
function checkedFlow(input: UserPromptInputT[], current: UserPromptT[], lastId: number): { flow: UserPromptT[]; lastId: number } {
  const problems: Record<string, string[]> = {};
  const fail = (i: number, field: string, message: string) => (problems[`[${i}].${field}`] ??= []).push(message);
  const known = new Set(current.map((p) => p.id));
  const orders = new Map<number, number>();
  const ids = new Map<number, number>();
  let next = Math.max(lastId, ...current.map((p) => p.id), 0);
  const flow = input.map((p, i): UserPromptT => {
    const label = text(p.label);
    if (!label) fail(i, 'label', 'The label is empty.');
    if (orders.has(p.order)) fail(i, 'order', `Order ${p.order} is also prompt [${orders.get(p.order)}]'s: each prompt has its own place.`);
    orders.set(p.order, i);
    if (new Set(p.stopTypes).size !== p.stopTypes.length) fail(i, 'stopTypes', 'A stop type is listed twice.');
    const items = (p.checklistItems ?? []).map((x) => x.trim());
    if (p.kind === 'Checklist' && items.length === 0) fail(i, 'checklistItems', 'A Checklist prompt needs at least one item.');
    if (p.kind !== 'Checklist' && items.length > 0) fail(i, 'checklistItems', `Only Checklist prompts have items; this one is a ${p.kind}.`);
    if (items.some((x) => !x)) fail(i, 'checklistItems', 'A checklist item is empty.');
    if (new Set(items.map((x) => x.toLowerCase())).size !== items.length) fail(i, 'checklistItems', 'A checklist item is listed twice.');
    if (p.id != null && !known.has(p.id)) fail(i, 'id', `Prompt ${p.id} is not in the company's flow: leave id out to add a new prompt.`);
    if (p.id != null && ids.has(p.id)) fail(i, 'id', `Prompt ${p.id} is also prompt [${ids.get(p.id)}].`);
    if (p.id != null) ids.set(p.id, i);
    return {
      id: p.id ?? ++next,
      order: p.order,
      kind: p.kind,
      label: label ?? '',
      hint: text(p.hint),
      stopTypes: p.stopTypes,
      isRequired: p.isRequired ?? false,
      checklistItems: items,
    };
  });
  if (Object.keys(problems).length > 0) throw new ValidationError(problems);
  return { flow: flow.sort((a, b) => a.order - b.order), lastId: next };
}

export function driverAppService() {
  return {
    flow: async (t: Tenant): Promise<UserPromptT[]> => flowOf(await repo.readConfig(t)),

    async saveFlow(t: Tenant, input: UserPromptInputT[]): Promise<UserPromptT[]> {
      const row = await repo.readConfig(t);
      const before = flowOf(row);
      const { flow, lastId } = checkedFlow(input, before, row?.last_prompt_id ?? 0);
      await repo.saveFlow(t, flow, lastId);
      await audit(t, { action: 'driver_app.flow', entityType: 'driver_app', before, after: flow });
      return flow;
    },

    settings: async (t: Tenant): Promise<DriverApplicationSettingsT> => settingsOf(await repo.readConfig(t)),

    /** Changes the settings sent and keeps the others. */
    async saveSettings(t: Tenant, input: DriverApplicationSettingsInputT): Promise<DriverApplicationSettingsT> {
      const before = settingsOf(await repo.readConfig(t));
      const { isDefault: _isDefault, ...current } = before;
      const changed = Object.fromEntries(Object.entries(input).filter(([key, v]) => key in DEFAULT_SETTINGS && v !== undefined && v !== null));
      const values: AppSettings = { ...current, ...changed };
      await repo.saveSettings(t, values);
      await audit(t, { action: 'driver_app.settings', entityType: 'driver_app', before, after: values });
      return { ...values, isDefault: false };
    },
  };
}

export type DriverAppService = ReturnType<typeof driverAppService>;
