/** A call's durations and timestamps, up to `nowMs` while it is still going on. */
import type { LiveCall } from './liveCall';

const seconds = (ms: number) => Math.max(0, ms) / 1000;

/** When the call stopped: its end, or now while it goes on. */
const stopMs = (call: LiveCall, nowMs: number) => call.endedMs ?? nowMs;

export function holdSeconds(call: LiveCall, nowMs: number): number {
  const current = call.heldSinceMs === null ? 0 : stopMs(call, nowMs) - call.heldSinceMs;
  return seconds(call.holdMs + current);
}

/** Talk time excludes hold time (see docs/pbx-api.md (Call records: decisions)). */
export function talkSeconds(call: LiveCall, nowMs: number): number {
  if (call.connectedMs === null) return 0;
  return Math.max(0, seconds(stopMs(call, nowMs) - call.connectedMs) - holdSeconds(call, nowMs));
}

/** From the phone (inbound) or the destination (outbound) starting to ring until answer or end. */
export function ringSeconds(call: LiveCall, nowMs: number): number {
  if (call.ringingMs === null) return 0;
  return seconds((call.connectedMs ?? stopMs(call, nowMs)) - call.ringingMs);
}

/** Time in the queue before an answer (or before giving up). */
export function waitSeconds(call: LiveCall, nowMs: number): number {
  if (call.queueEnteredMs === null) return 0;
  return seconds((call.connectedMs ?? stopMs(call, nowMs)) - call.queueEnteredMs);
}

export function totalSeconds(call: LiveCall, nowMs: number): number {
  return seconds(stopMs(call, nowMs) - call.createdMs);
}

/** `YYYY-MM-DD HH:MM:SS` in the PBX's local time zone, as version-1 records write dates. */
export function localDateTime(ms: number): string {
  const date = new Date(ms);
  const pad = (value: number) => String(value).padStart(2, '0');
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ` +
    `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
  );
}

/** UNIX time with a fraction, as version-2 records write times. */
export const unixTime = (ms: number): number => ms / 1000;
export const unixTimeOrNull = (ms: number | null): number | null => (ms === null ? null : ms / 1000);
