/**
 * Events whose payload is a value the main process keeps, each with the command that reads that value now.
 * Events sent while a tab was disconnected are lost; after a reconnect the client reads these values again
 * and delivers them to the listeners as if the event had come, so what the tab shows is current again.
 * (The other events announce changes to re-read, and the stores following them refresh on the next one.)
 */
import type { CommandChannel, CommandResult, EventChannel, Events } from './contract';

type ReadsOf<Table> = {
  [E in keyof Table & EventChannel]: Table[E] extends CommandChannel
    ? CommandResult<Table[E]> extends Events[E]
      ? Table[E]
      : never
    : never;
};

/** Typed so that each command's result must be its event's payload. */
function reads<const Table extends Partial<Record<EventChannel, CommandChannel>>>(
  table: Table & ReadsOf<Table>,
): Table {
  return table;
}

export const RESYNC_READS: Readonly<Partial<Record<EventChannel, CommandChannel>>> = reads({
  'connection:state': 'connection:get',
  'calls:changed': 'calls:list',
  'settings:changed': 'settings:get',
  'sync:progress': 'sync:status',
});
