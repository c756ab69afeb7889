/** Icon shapes, drawn on a 20×20 grid with 1.6px strokes in the current text colour. Add one per new screen. */
type Shape = { kind: 'circle'; cx: number; cy: number; r: number } | { kind: 'path'; d: string };

export const iconShapes = {
  about: [
    { kind: 'circle', cx: 10, cy: 10, r: 7.5 },
    { kind: 'path', d: 'M10 9v5' },
    { kind: 'circle', cx: 10, cy: 6.4, r: 0.4 },
  ],
} as const satisfies Record<string, readonly Shape[]>;

export type IconName = keyof typeof iconShapes;
