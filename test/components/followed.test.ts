/**
 * The one "read, then follow the event" helper every store uses: nothing is missed between the read and the
 * subscription, an older read never overwrites a newer event, stopping stops everything, and a failed read
 * becomes state the screen shows.
 */
import { describe, expect, it } from 'vitest';
import { ErrorCodeSchema } from '../../src-main/shared/contract';
import { errorTitle } from '../../src-renderer/lib/errors';
import { CommandError } from '../../src-renderer/lib/ringside';
import { Followed } from '../../src-renderer/lib/state/followed.svelte';

/** A source whose reads the test answers by hand, and whose event the test emits. */
function source<T>() {
  const reads: { resolve: (value: T) => void; reject: (error: unknown) => void }[] = [];
  const listeners = new Set<(value: T) => void>();
  const order: string[] = [];
  return {
    reads,
    order,
    listenerCount: () => listeners.size,
    emit: (value: T) => listeners.forEach((listener) => listener(value)),
    followed: (onValue?: (value: T, previous: T | null) => void) =>
      new Followed<T>(
        {
          read: () => {
            order.push('read');
            return new Promise<T>((resolve, reject) => reads.push({ resolve, reject }));
          },
          follow: (update) => {
            order.push('subscribe');
            listeners.add(update);
            return () => listeners.delete(update);
          },
        },
        onValue,
      ),
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('Followed', () => {
  it('subscribes before it reads, then shows what the read answers', async () => {
    const fake = source<string>();
    const state = fake.followed();
    state.start();
    expect(fake.order).toEqual(['subscribe', 'read']);
    expect(state.value).toBeNull();
    fake.reads[0]!.resolve('connected');
    await settle();
    expect(state.value).toBe('connected');
  });

  it('keeps an event that overtakes the read, and drops the older read', async () => {
    const fake = source<string>();
    const state = fake.followed();
    state.start();
    fake.emit('newer');
    fake.reads[0]!.resolve('older');
    await settle();
    expect(state.value).toBe('newer');
  });

  it('tells each new value with the one before it', async () => {
    const fake = source<number>();
    const seen: [number, number | null][] = [];
    const state = fake.followed((value, previous) => seen.push([value, previous]));
    state.start();
    fake.reads[0]!.resolve(1);
    await settle();
    fake.emit(2);
    expect(seen).toEqual([
      [1, null],
      [2, 1],
    ]);
  });

  it('changes nothing after stop, and unsubscribes', async () => {
    const fake = source<string>();
    const state = fake.followed();
    const stop = state.start();
    expect(fake.listenerCount()).toBe(1);
    stop();
    expect(fake.listenerCount()).toBe(0);
    fake.reads[0]!.resolve('late');
    await settle();
    expect(state.value).toBeNull();
    await state.refresh();
    expect(fake.reads).toHaveLength(1);
  });

  it('surfaces a failed read as the error the screen shows, until a value comes', async () => {
    const fake = source<string>();
    const state = fake.followed();
    state.start();
    fake.reads[0]!.reject(new CommandError('network-error', 'pbx.example.com did not answer.'));
    await settle();
    expect(state.error).toEqual({
      title: errorTitle('network-error'),
      detail: 'pbx.example.com did not answer.',
    });
    fake.emit('back');
    expect(state.value).toBe('back');
    expect(state.error).toBeNull();
  });

  it('ignores a failed read that an event already overtook', async () => {
    const fake = source<string>();
    const state = fake.followed();
    state.start();
    fake.emit('fine');
    fake.reads[0]!.reject(new CommandError(ErrorCodeSchema.options[0]!, 'stale'));
    await settle();
    expect(state.error).toBeNull();
    expect(state.value).toBe('fine');
  });

  it('reads again on request, unless a newer value arrives meanwhile', async () => {
    const fake = source<string>();
    const state = fake.followed();
    state.start();
    fake.reads[0]!.resolve('first');
    await settle();
    const again = state.refresh();
    fake.reads[1]!.resolve('second');
    await again;
    expect(state.value).toBe('second');
    const overtaken = state.refresh();
    fake.emit('event');
    fake.reads[2]!.resolve('stale');
    await overtaken;
    expect(state.value).toBe('event');
  });
});
