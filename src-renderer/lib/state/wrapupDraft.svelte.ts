/**
 * The metadata part of a wrap-up draft: the call's values as the PBX has them (`base`) and the agent's
 * edits on top (`edits`: a text per changed or added key, null for "clear this key"). What `wrapup:save`
 * gets is only the difference, as `POST /metadata` wants it.
 */
import type { WrapUpSaveArgs } from '../../../src-main/shared/contract';
import { text, type Text } from '../../../src-main/shared/i18n';
import { METADATA_KEY_MAX } from '../../../src-main/shared/limits';

/** Key → JSON value, null to delete the key. */
export type MetadataChanges = NonNullable<WrapUpSaveArgs['metadata']>;
type MetadataValue = MetadataChanges[string];

/** Keys Ringside writes itself (disposition, note, follow-up): edited through the form, not as metadata. */
export const OWN_PREFIX = 'ringside.';

export interface MetadataRow {
  key: string;
  /** The text in the input. */
  text: string;
  state: 'same' | 'changed' | 'added' | 'cleared';
}

/** A value as one line of text: strings as they are, anything else as JSON. */
export function metadataText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export class MetadataDraft {
  base = $state.raw<Record<string, unknown>>({});
  edits = $state<Record<string, string | null>>({});
  /** The field being added, as typed (kept with the draft, like everything typed). */
  newKey = $state('');
  newValue = $state('');
  /** Why the field typed cannot be added (as a message, so it follows a language switch). */
  addProblem = $state.raw<Text | null>(null);

  readonly rows: MetadataRow[] = $derived.by(() => {
    const keys = [...Object.keys(this.base), ...Object.keys(this.edits).filter((key) => !(key in this.base))];
    return keys.map((key) => {
      const edit = this.edits[key];
      const known = key in this.base;
      if (edit === null) return { key, text: metadataText(this.base[key]), state: 'cleared' as const };
      const text = edit ?? metadataText(this.base[key]);
      if (!known) return { key, text, state: 'added' as const };
      return {
        key,
        text,
        state: text === metadataText(this.base[key]) ? ('same' as const) : ('changed' as const),
      };
    });
  });

  readonly changed: boolean = $derived(this.rows.some((row) => row.state !== 'same'));

  /** The PBX's values, without Ringside's own keys. */
  setBase(values: Record<string, unknown>): void {
    this.base = Object.fromEntries(Object.entries(values).filter(([key]) => !key.startsWith(OWN_PREFIX)));
  }

  setText(key: string, text: string): void {
    this.edits[key] = text;
  }

  clear(key: string): void {
    if (key in this.base) this.edits[key] = null;
    else delete this.edits[key];
  }

  undo(key: string): void {
    delete this.edits[key];
  }

  /** Adds the field typed in `newKey` and `newValue`, or says in `addProblem` why it cannot. */
  addTyped(): void {
    this.addProblem = this.add(this.newKey, this.newValue);
    if (this.addProblem) return;
    this.newKey = '';
    this.newValue = '';
  }

  /** Adds a key; returns why it cannot be added, or null when it was. */
  add(rawKey: string, value: string): Text | null {
    const key = rawKey.trim();
    if (!key) return text('wrapup.addNameMissing');
    if (key.length > METADATA_KEY_MAX) return text('wrapup.addNameTooLong', { max: METADATA_KEY_MAX });
    if (key.startsWith(OWN_PREFIX)) return text('wrapup.addNameReserved', { prefix: OWN_PREFIX });
    if (this.rows.some((row) => row.key === key && row.state !== 'cleared'))
      return text('wrapup.addNameTaken', { key });
    this.edits[key] = value;
    return null;
  }

  /**
   * The changes to send: a value sets the key, null deletes it. A key that held a number, list or object
   * takes JSON back when the text is JSON; anything else is sent as the text.
   */
  changes(): MetadataChanges {
    const changes: MetadataChanges = {};
    for (const [key, edit] of Object.entries(this.edits)) {
      const known = key in this.base;
      if (edit === null) {
        if (known) changes[key] = null;
        continue;
      }
      if (known && edit === metadataText(this.base[key])) continue;
      changes[key] = known && typeof this.base[key] !== 'string' ? parseJsonOr(edit) : edit;
    }
    return changes;
  }

  /** After a save: the sent changes are the new base; edits typed since stay edits. */
  applySaved(sent: MetadataChanges, sentEdits: Record<string, string | null>): void {
    const base = { ...this.base };
    for (const [key, value] of Object.entries(sent)) {
      if (value === null) delete base[key];
      else base[key] = value;
    }
    this.base = base;
    for (const [key, edit] of Object.entries(sentEdits)) {
      if (this.edits[key] === edit) delete this.edits[key];
    }
  }
}

function parseJsonOr(text: string): MetadataValue {
  try {
    return JSON.parse(text) as MetadataValue;
  } catch {
    return text;
  }
}
