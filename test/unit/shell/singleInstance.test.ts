import { beforeEach, describe, expect, it, vi } from 'vitest';
import { app } from './fakeElectron';
import { claimSingleInstance } from '../../../src-main/shell/singleInstance';

vi.mock('electron', () => import('./fakeElectron'));

beforeEach(() => {
  app.removeAllListeners();
  app.quit.mockClear();
});

describe('claimSingleInstance', () => {
  it('quits when another Ringside already holds the lock', () => {
    app.requestSingleInstanceLock.mockReturnValueOnce(false);
    const onSecondInstance = vi.fn();
    expect(claimSingleInstance(onSecondInstance)).toBe(false);
    expect(app.quit).toHaveBeenCalledOnce();
    expect(app.listenerCount('second-instance')).toBe(0);
  });

  it('keeps running with the lock, and hands a second launch its argv', () => {
    const onSecondInstance = vi.fn();
    expect(claimSingleInstance(onSecondInstance)).toBe(true);
    expect(app.quit).not.toHaveBeenCalled();
    app.emit('second-instance', {}, ['/usr/bin/ringside', 'tel:+420123456789'], '/home/agent', {});
    expect(onSecondInstance).toHaveBeenCalledExactlyOnceWith(['/usr/bin/ringside', 'tel:+420123456789']);
  });
});
