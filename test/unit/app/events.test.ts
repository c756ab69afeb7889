import { describe, expect, it, vi } from 'vitest';
import { EventHub } from '../../../src-main/app/eventHub';
import { spyLogger } from '../../support/spyLogger';

describe('EventHub', () => {
  it('delivers an event to every listener even when one of them throws, and logs the failure', () => {
    const logger = spyLogger();
    const hub = new EventHub(logger);
    const heard: string[] = [];
    hub.subscribe(() => {
      throw new Error('disk full');
    });
    hub.subscribe((channel) => heard.push(channel));

    expect(() => hub.emit('about:requested', null)).not.toThrow();
    expect(heard).toEqual(['about:requested']);
    expect(logger.error).toHaveBeenCalledWith('a listener of about:requested failed', expect.any(Error));
  });

  it('stops delivering to a listener once it unsubscribes', () => {
    const hub = new EventHub();
    const listener = vi.fn();
    const unsubscribe = hub.subscribe(listener);
    unsubscribe();
    hub.emit('about:requested', null);
    expect(listener).not.toHaveBeenCalled();
  });
});
