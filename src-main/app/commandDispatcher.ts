/**
 * Runs one command for a host, whatever carries it (Electron IPC, the browser host's WebSocket): the sender's
 * permissions first, then the arguments validated against the contract's schema, then the handler; every
 * outcome as an `IpcResult`. Hosts decide who the sender is; everything after that is this one code path.
 */
import {
  commandTable,
  ErrorCodeSchema,
  isCommandChannel,
  type CommandArgs,
  type CommandChannel,
  type CommandHandlers,
  type IpcError,
  type IpcResult,
} from '../shared/contract';
import { t } from '../shared/i18n';
import type { Logger } from '../shared/logger';
import { redact } from '../shared/redact';

/**
 * The commands a scoped sender (say, the small dial confirmation window) may call: per command `true`, or a
 * further check of its validated arguments that returns why they are refused, or null. Anything not listed
 * is refused.
 */
export type CommandAllowList = {
  readonly [C in CommandChannel]?: true | ((args: CommandArgs<C>) => string | null);
};

/** What a sender may call: everything (the app's own main window or page), or an allow-list. */
export type SenderPermissions = 'all' | CommandAllowList;

/** A message shown for failures that are not the caller's business; the details go to the log. */
const internalErrorMessage = () => t('validation.internalError');

const fail = (code: IpcError['code'], message: string): IpcResult<never> => ({
  ok: false,
  error: { code, message },
});

/** "Invalid arguments for settings:save: phone: expected string, received number", naming each bad field. */
export function describeInvalidArguments(
  channel: CommandChannel,
  issues: { path: PropertyKey[]; message: string }[],
) {
  const problems = issues
    .slice(0, 3)
    .map((issue) => {
      const field = issue.path.map(String).join('.');
      return field ? `${field}: ${issue.message}` : issue.message;
    })
    .join('; ');
  return t('validation.invalidArguments', { channel, problems });
}

/** An error that carries one of the contract's codes is meant for the caller; anything else is internal. */
function toIpcError(error: unknown): IpcError | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  const code = ErrorCodeSchema.safeParse(error.code);
  if (!code.success) return undefined;
  const message = 'message' in error && typeof error.message === 'string' ? error.message : code.data;
  const params = 'params' in error && isParams(error.params) ? error.params : undefined;
  // Coded messages are written for people, but may quote a server response: never let a secret through.
  return params
    ? { code: code.data, message: redact(message), params }
    : { code: code.data, message: redact(message) };
}

function isParams(value: unknown): value is IpcError['params'] {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.values(value).every((item) => ['string', 'number', 'boolean'].includes(typeof item))
  );
}

/** This channel's rule in an allow-list, widened as the handlers are (see dispatch). */
type ArgumentCheck = (args: unknown) => string | null;
const ruleFor = (permissions: SenderPermissions, channel: CommandChannel) =>
  permissions === 'all' ? true : (permissions[channel] as true | ArgumentCheck | undefined);

export interface CommandDispatcherDeps {
  handlers: CommandHandlers;
  logger: Logger;
}

export class CommandDispatcher {
  constructor(private readonly deps: CommandDispatcherDeps) {}

  /**
   * `permissions` is undefined when the host could not identify the sender as one of the app's own; `sender`
   * names it in the log.
   */
  async dispatch(
    channel: unknown,
    rawArgs: unknown,
    permissions: SenderPermissions | undefined,
    sender: string,
  ): Promise<IpcResult<unknown>> {
    const { logger, handlers } = this.deps;
    if (!isCommandChannel(channel)) {
      const name = typeof channel === 'string' ? channel.slice(0, 64) : typeof channel;
      logger.warn(`command refused: ${JSON.stringify(name)} is not a Ringside command (${sender})`);
      return fail('unknown-command', t('validation.unknownCommand', { channel: JSON.stringify(name) }));
    }
    if (!permissions) {
      logger.warn(`${channel} refused: the sender is not Ringside's own window (${sender})`);
      return fail('forbidden-sender', t('validation.senderNotOwnWindow', { channel }));
    }
    const rule = ruleFor(permissions, channel);
    if (!rule) {
      logger.warn(`${channel} refused: not on the allow-list of the window that sent it (${sender})`);
      return fail('forbidden-sender', t('validation.senderNotAllowed', { channel }));
    }
    try {
      // Inside the try: hostile input (say, JSON nested 20,000 deep) can make the parser itself throw.
      const parsed = commandTable[channel].args.safeParse(rawArgs);
      if (!parsed.success) {
        return fail('invalid-argument', describeInvalidArguments(channel, parsed.error.issues));
      }
      const refusal = rule === true ? null : rule(parsed.data);
      if (refusal !== null) {
        logger.warn(`${channel} refused: ${refusal}`);
        return fail('forbidden-sender', refusal);
      }
      // Each channel's handler takes that channel's arguments, which its schema just validated; TypeScript
      // cannot correlate the two through the union of channels, hence the widening.
      const handler = handlers[channel] as (args: unknown) => Promise<unknown>;
      return { ok: true, value: await handler(parsed.data) };
    } catch (error) {
      const known = toIpcError(error);
      if (known) {
        logger.warn(`${channel} failed: ${known.code}`, error);
        return { ok: false, error: known };
      }
      logger.error(`${channel} failed unexpectedly`, error);
      return fail('internal', internalErrorMessage());
    }
  }
}
