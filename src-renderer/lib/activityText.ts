/**
 * A person's interactions and tasks as people read them. The API does not document their shape, so the
 * fields a CRM commonly has are recognised by name and worded: the subject or name as the line's text, the
 * channel in words, dates in the local way, done as "Done" or "Open". The record's id is not shown; a field
 * not recognised is kept, as "key: value", so nothing that arrived is hidden.
 */
import type { ActivityItem } from '../../src-main/shared/contract';
import { formatDate, t } from './i18n.svelte';

export interface ActivityLine {
  /** What it is about ("Invoice question"); null when no field says. */
  title: string | null;
  /** The rest, each worded: "E-mail", "8. 1. 2026 10:00", "Done", "priority: high". */
  details: string[];
}

const TITLE_KEYS = ['subject', 'title', 'name', 'summary', 'text', 'description'];
const CHANNEL_KEYS = ['channel', 'type', 'kind', 'medium'];
const STATE_KEYS = ['done', 'completed', 'closed', 'finished'];
/** Internal ids: they mean nothing to the agent. */
const HIDDEN_KEYS = ['id', 'person', 'person_id', 'company', 'company_id'];

/** An ISO 8601 date or date-time ("2026-01-08", "2026-01-08T10:00:00.000Z"). */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

function dateText(value: string): string | null {
  if (!ISO_DATE.test(value)) return null;
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) return null;
  return formatDate(ms, value.length === 10 ? 'date' : 'dateTime');
}

function detailText(key: string, value: string): string | null {
  const name = key.toLowerCase();
  if (HIDDEN_KEYS.includes(name)) return null;
  if (CHANNEL_KEYS.includes(name)) return t('directory.activityChannel', { channel: value.toLowerCase() });
  if (STATE_KEYS.includes(name) && (value === 'true' || value === 'false')) {
    return t('directory.activityDone', { done: value });
  }
  return dateText(value) ?? t('directory.activityField', { key, value });
}

export function activityLine(item: ActivityItem): ActivityLine {
  const titled = item.find(({ key, value }) => TITLE_KEYS.includes(key.toLowerCase()) && value.trim());
  const details = item
    .filter((field) => field !== titled && field.value.trim())
    .map(({ key, value }) => detailText(key, value))
    .filter((text): text is string => text !== null);
  return { title: titled?.value ?? null, details };
}
