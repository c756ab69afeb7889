/**
 * Icon shapes, drawn on a 20×20 grid with strokes in the current text colour: one per screen (the
 * navigation), and the call directions of the History list.
 */
type Shape = { kind: 'circle'; cx: number; cy: number; r: number } | { kind: 'path'; d: string };

export const iconShapes = {
  dial: [
    ...[3.5, 8, 12.5].flatMap((cy) => [5, 10, 15].map((cx) => ({ kind: 'circle', cx, cy, r: 1.2 }) as const)),
    { kind: 'circle', cx: 10, cy: 17, r: 1.2 },
  ],
  calls: [
    {
      kind: 'path',
      d: 'M5 3h3l1.5 4-2 1.3a9 9 0 0 0 4.2 4.2L13 10.5l4 1.5v3a2 2 0 0 1-2 2A12 12 0 0 1 3 5a2 2 0 0 1 2-2z',
    },
  ],
  directory: [
    { kind: 'path', d: 'M5 2.5h10a1.5 1.5 0 0 1 1.5 1.5v12a1.5 1.5 0 0 1-1.5 1.5H5z' },
    { kind: 'path', d: 'M5 2.5v15M3 6h2M3 10h2M3 14h2' },
    { kind: 'circle', cx: 11, cy: 8, r: 2 },
    { kind: 'path', d: 'M7.8 13.5a3.3 3.3 0 0 1 6.4 0' },
  ],
  queues: [
    { kind: 'circle', cx: 5, cy: 6, r: 2 },
    { kind: 'circle', cx: 10, cy: 6, r: 2 },
    { kind: 'circle', cx: 15, cy: 6, r: 2 },
    { kind: 'path', d: 'M2.5 12.5h15M2.5 16h15' },
  ],
  board: [{ kind: 'path', d: 'M3 3.5h14v13H3zM3 8h14M10 8v8.5' }],
  history: [
    { kind: 'path', d: 'M3.2 10a6.8 6.8 0 1 0 2-4.8L3 7.4' },
    { kind: 'path', d: 'M3 3.5v3.9h3.9M10 6.5V10l2.5 2' },
  ],
  about: [
    { kind: 'circle', cx: 10, cy: 10, r: 7.5 },
    { kind: 'path', d: 'M10 9v5' },
    { kind: 'circle', cx: 10, cy: 6.4, r: 0.4 },
  ],
  settings: [
    { kind: 'path', d: 'M3 6h2.5M9.5 6H17M3 14h8.5M15.5 14H17' },
    { kind: 'circle', cx: 7.5, cy: 6, r: 2 },
    { kind: 'circle', cx: 13.5, cy: 14, r: 2 },
  ],
  keyboard: [
    { kind: 'path', d: 'M2.5 5.5h15v9h-15z' },
    { kind: 'path', d: 'M5 8.2h.01M8 8.2h.01M11 8.2h.01M14 8.2h.01M6.5 11.8h7' },
  ],
  // Incoming points down-left to the phone's corner; outgoing up-right away from it. A failed call (missed,
  // abandoned, unanswered) gets a cross.
  incoming: [{ kind: 'path', d: 'M14 6 6 14M6 8.5V14h5.5' }],
  outgoing: [{ kind: 'path', d: 'M6 14l8-8M8.5 6H14v5.5' }],
  'incoming-failed': [
    { kind: 'path', d: 'M14 6 6 14M6 8.5V14h5.5' },
    { kind: 'path', d: 'M13 13.5l3.5 3.5M16.5 13.5 13 17' },
  ],
  'outgoing-failed': [
    { kind: 'path', d: 'M6 14l8-8M8.5 6H14v5.5' },
    { kind: 'path', d: 'M13 13.5l3.5 3.5M16.5 13.5 13 17' },
  ],
} as const satisfies Record<string, readonly Shape[]>;

export type IconName = keyof typeof iconShapes;
