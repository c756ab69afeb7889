/**
 * The demo teams' CRM URL templates (`tasks.call_url`, `tasks.person_url`), in the placeholder syntax of
 * docs/pbx-api.md (Team CRM URL templates: decisions). They point at a small page the demo PBX serves itself
 * (routes/demoCrm.ts), so "Open in CRM" can be tried without a real CRM; they are written as paths and get
 * the server's own address once it listens (anchorDemoCrmTemplates).
 */
import type { Team } from '../../api/schemas';
import { IVR_KEYS } from '../calls/ivrData';

export const DEMO_CRM_CALL_PATH = '/demo-crm/call';
export const DEMO_CRM_PERSON_PATH = '/demo-crm/person';

export const DEMO_CRM_TASKS = {
  call_url:
    `${DEMO_CRM_CALL_PATH}?caller={caller}&received={caller_raw}&uniqueid={uniqueid}&queue={queue}` +
    `&person={person_id}&external_id={person_external_id}&customer_id={data.${IVR_KEYS.customer}}&reason={data.${IVR_KEYS.reason}}`,
  person_url: `${DEMO_CRM_PERSON_PATH}?person={person_id}&external_id={person_external_id}`,
} as const;

/** Prefixes the teams' path templates with the server's origin (`http://127.0.0.1:PORT`). */
export function anchorDemoCrmTemplates(teams: Iterable<Team>, origin: string): void {
  for (const team of teams) {
    for (const key of ['call_url', 'person_url'] as const) {
      const template = team.tasks[key];
      if (template?.startsWith('/')) team.tasks[key] = `${origin}${template}`;
    }
  }
}
