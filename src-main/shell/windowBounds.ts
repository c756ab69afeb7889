/**
 * Remembering the main window's position and size between runs, and restoring them only where the user can
 * still reach the window (a monitor may have been unplugged since).
 */
import { z } from 'zod';

export const WindowBoundsSchema = z.object({
  x: z.number().int(),
  y: z.number().int(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  maximized: z.boolean().default(false),
});
export type WindowBounds = z.infer<typeof WindowBoundsSchema>;

export interface Rectangle {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface BoundsStore {
  load(): WindowBounds | undefined;
  save(bounds: WindowBounds): void;
}

/** The part of electron-store (or any key-value store) the bounds store needs. */
export interface KeyValueStore {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
}

const STORE_KEY = 'mainWindow';

/** Bounds kept in a key-value store; a missing or hand-edited, invalid entry reads as "no saved bounds". */
export function createBoundsStore(store: KeyValueStore): BoundsStore {
  return {
    load() {
      const parsed = WindowBoundsSchema.safeParse(store.get(STORE_KEY));
      return parsed.success ? parsed.data : undefined;
    },
    save(bounds) {
      store.set(STORE_KEY, bounds);
    },
  };
}

/** How much of the window's title bar must lie on one display for the user to grab it and move it. */
const GRAB_STRIP = { height: 32, minVisibleWidth: 100, minVisibleHeight: 16 };

function overlap(start: number, length: number, otherStart: number, otherLength: number): number {
  return Math.max(0, Math.min(start + length, otherStart + otherLength) - Math.max(start, otherStart));
}

/**
 * The saved bounds if the window's title bar would still be on a display's work area, otherwise undefined
 * (the caller then lets the OS place the window). The size never drops below the window's minimum.
 */
export function restorableBounds(
  saved: WindowBounds | undefined,
  workAreas: readonly Rectangle[],
  minimumSize: { width: number; height: number },
): WindowBounds | undefined {
  if (!saved) return undefined;
  const titleBarVisible = workAreas.some(
    (area) =>
      overlap(saved.x, saved.width, area.x, area.width) >= GRAB_STRIP.minVisibleWidth &&
      overlap(saved.y, GRAB_STRIP.height, area.y, area.height) >= GRAB_STRIP.minVisibleHeight,
  );
  if (!titleBarVisible) return undefined;
  return {
    ...saved,
    width: Math.max(saved.width, minimumSize.width),
    height: Math.max(saved.height, minimumSize.height),
  };
}
