/**
 * A `window.ringside` for component tests, built with the preload's own `createRendererApi`, so components
 * meet the real bridge shape; commands answer from the given handlers, events are emitted by the test.
 */
import type {
  CommandArgs,
  CommandChannel,
  CommandResult,
  EventChannel,
  Events,
  IpcResult,
} from '../../src-main/shared/contract';
import { channelLists } from '../../src-main/shared/contract';
import { createRendererApi } from '../../src-main/shared/rendererBridge';

type Answers = {
  [C in CommandChannel]?: (
    args: CommandArgs<C>,
  ) => IpcResult<CommandResult<C>> | Promise<IpcResult<CommandResult<C>>>;
};

export interface FakeRingside {
  emit<E extends EventChannel>(channel: E, payload: Events[E]): void;
  /** How many listeners follow a channel right now. */
  listenerCount(channel: EventChannel): number;
}

export function installFakeRingside(answers: Answers): FakeRingside {
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  window.ringside = createRendererApi(
    {
      async invoke(channel, args) {
        // Each answer takes its own channel's arguments; the map's union of channels cannot say so.
        const answer = answers[channel as CommandChannel] as ((args: unknown) => unknown) | undefined;
        if (!answer)
          return { ok: false, error: { code: 'unknown-command', message: `No fake for ${channel}` } };
        return answer(args);
      },
      on(channel, listener) {
        const set = listeners.get(channel) ?? new Set();
        listeners.set(channel, set);
        set.add(listener);
        return () => set.delete(listener);
      },
    },
    channelLists(),
  );
  return {
    emit(channel, payload) {
      for (const listener of listeners.get(channel) ?? []) listener(payload);
    },
    listenerCount: (channel) => listeners.get(channel)?.size ?? 0,
  };
}

export function ok<T>(value: T): IpcResult<T> {
  return { ok: true, value };
}
