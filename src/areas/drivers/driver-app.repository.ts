// SQL of the driver app's configuration, through the company door: one row per company holding its
// settings and its flow as JSON documents (each read and written whole), inserted by the first save.
import type { Tenant } from '../../db/tenant.js';

export interface ConfigRow {
  settings: Record<string, unknown> | null;
  flow: unknown[] | null;
  last_prompt_id: number;
}

export function readConfig(t: Tenant): Promise<ConfigRow | undefined> {
  return t.select('driver_app_configs').select(['settings', 'flow', 'last_prompt_id']).executeTakeFirst();
}

export async function saveSettings(t: Tenant, settings: object): Promise<void> {
  const json = JSON.stringify(settings);
  await t
    .insert('driver_app_configs', { settings: json })
    .onConflict((oc) => oc.column('company_id').doUpdateSet({ settings: json, updated_at: new Date() }))
    .execute();
}

export async function saveFlow(t: Tenant, flow: object[], lastPromptId: number): Promise<void> {
  const json = JSON.stringify(flow);
  await t
    .insert('driver_app_configs', { flow: json, last_prompt_id: lastPromptId })
    .onConflict((oc) => oc.column('company_id').doUpdateSet({ flow: json, last_prompt_id: lastPromptId, updated_at: new Date() }))
    .execute();
}
