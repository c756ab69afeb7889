/**
 * The renderer's only reader of `window.ringside` (the preload's bridge to the main process). It turns the
 * `IpcResult` envelope into a value, or into a thrown `CommandError` that keeps the main process's error code.
 */
import type {
  CommandChannel,
  CommandInput,
  CommandResult,
  ErrorCode,
  ErrorParams,
  EventChannel,
  Events,
  RendererApi,
} from '../../src-main/shared/contract';
import { t } from '../../src-main/shared/i18n';

declare global {
  interface Window {
    /** Missing only when the renderer is opened outside Ringside (e.g. in a plain browser). */
    ringside?: RendererApi;
  }
}

/** A command's failure as main reported it; `describeError` (errors.ts) words it for people. */
export class CommandError extends Error {
  override readonly name = 'CommandError';

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly params?: ErrorParams,
  ) {
    super(message);
  }
}

type ArgsTuple<C extends CommandChannel> = CommandInput<C> extends undefined ? [] : [args: CommandInput<C>];

function bridge(): RendererApi {
  const api = window.ringside;
  if (!api) {
    throw new CommandError('internal', t('errors.noMainProcess'));
  }
  return api;
}

/** Runs a command in the main process; resolves to its result or rejects with a `CommandError`. */
export async function invoke<C extends CommandChannel>(
  channel: C,
  ...args: ArgsTuple<C>
): Promise<CommandResult<C>> {
  let result;
  try {
    result = await bridge().invoke(channel, ...args);
  } catch (error) {
    if (error instanceof CommandError) throw error;
    // The bridge itself failed (not the command): still surface it as a CommandError.
    throw new CommandError('internal', error instanceof Error ? error.message : String(error));
  }
  if (result.ok) return result.value;
  throw new CommandError(result.error.code, result.error.message, result.error.params);
}

/** Follows an event from the main process; returns the function that stops following it. */
export function subscribe<E extends EventChannel>(
  channel: E,
  listener: (payload: Events[E]) => void,
): () => void {
  return bridge().on(channel, listener);
}
