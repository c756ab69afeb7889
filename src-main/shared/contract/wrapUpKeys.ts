/**
 * The metadata keys a wrap-up writes (null deletes a key the user emptied). A module of its own, with no
 * schema in it: the window's first screen reads these, and importing them through wrapup.ts would bring
 * the contract's schemas and zod into the first screen's JavaScript (test/bench/bundleSize.bench.ts).
 */
export const WRAP_UP_KEYS = {
  disposition: 'ringside.disposition',
  note: 'ringside.note',
  followUp: 'ringside.follow_up',
  agent: 'ringside.agent',
} as const;
