import { describe, expect, it } from 'vitest';
import { createBoundsStore, restorableBounds, type WindowBounds } from '../../../src-main/shell/windowBounds';

const minimum = { width: 720, height: 480 };
const laptop = { x: 0, y: 0, width: 1440, height: 875 };
const monitorOnTheRight = { x: 1440, y: 0, width: 2560, height: 1400 };
const saved: WindowBounds = { x: 1600, y: 100, width: 1200, height: 800, maximized: false };

describe('restorableBounds', () => {
  it('keeps bounds on a connected display', () => {
    expect(restorableBounds(saved, [laptop, monitorOnTheRight], minimum)).toEqual(saved);
  });

  it('drops bounds whose display was unplugged', () => {
    expect(restorableBounds(saved, [laptop], minimum)).toBeUndefined();
  });

  it('drops bounds whose title bar is above the top of every display', () => {
    expect(restorableBounds({ ...saved, x: 100, y: -500 }, [laptop], minimum)).toBeUndefined();
  });

  it('keeps a window that hangs partly off a display while its title bar can be grabbed', () => {
    const partly = { ...saved, x: 1300, y: 200 };
    expect(restorableBounds(partly, [laptop], minimum)).toEqual(partly);
  });

  it('grows a saved size below the minimum', () => {
    expect(
      restorableBounds({ ...saved, width: 100, height: 50 }, [monitorOnTheRight], minimum),
    ).toMatchObject(minimum);
  });

  it('has nothing to restore on first run', () => {
    expect(restorableBounds(undefined, [laptop], minimum)).toBeUndefined();
  });
});

describe('createBoundsStore', () => {
  function storeWith(value: unknown) {
    const data = new Map<string, unknown>([['mainWindow', value]]);
    return {
      data,
      store: createBoundsStore({ get: (key) => data.get(key), set: (key, v) => data.set(key, v) }),
    };
  }

  it('round-trips saved bounds', () => {
    const { store } = storeWith(undefined);
    store.save(saved);
    expect(store.load()).toEqual(saved);
  });

  it.each([
    ['not bounds'],
    [{ x: 'a', y: 0, width: 10, height: 10 }],
    [{ x: 0, y: 0, width: -5, height: 10 }],
  ])('reads a corrupted entry %j as nothing saved', (value) => {
    expect(storeWith(value).store.load()).toBeUndefined();
  });
});
