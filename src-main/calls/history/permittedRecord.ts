/**
 * Cuts a call record down to what the agent may see, before anything of it is stored, indexed or sent to a
 * window: the PBX answers the whole record to whoever may read the call, and a part the agent's
 * permissions deny must not end up in the history file for anyone with the disk to read.
 */
import type { CallPermissions, CallRecordV1 } from '../../api/schemas';

/** The record with every part `permissions` deny emptied; no permissions (no agent) deny everything. */
export function permittedRecord(record: CallRecordV1, permissions: CallPermissions | null): CallRecordV1 {
  const may = (part: keyof CallPermissions) => permissions?.[part] === true;
  const kept: CallRecordV1 = { ...record };
  if (!may('info')) {
    Object.assign(kept, {
      src_number: '',
      src_name: '',
      dst_number: '',
      dst_name: '',
      pilot_number: '',
      xfer_users: null,
      path: [],
      queues: [],
      tags: [],
    });
  }
  if (!may('transcription')) kept.transcription = [];
  if (!may('summary')) kept.summary = '';
  if (!may('sentiment')) kept.sentiment = [];
  if (!may('rating')) Object.assign(kept, { rating: null, rating_justification: '' });
  if (!may('metadata')) kept.metadata = {};
  return kept;
}
