/** The events of the history, review and wrap-up services, and how they reach AppCore. */
import type { Events } from '../../shared/contract';

export type HistoryEventChannel = 'history:changed' | 'review:updated' | 'wrapup:changed' | 'call:ended';
export type HistoryEmitter = <E extends HistoryEventChannel>(channel: E, payload: Events[E]) => void;
