/**
 * Call control: answer, hold, resume and hang up, through the phone selector. Optimistic: the call shows the
 * request at once ("Answering…") and rolls back with the PBX's message when the PBX declines it. A second
 * identical request while the first is on its way (a double click) gets the first one's promise: one request.
 */
import { BusinessError, requestOf } from '../../api/errors';
import type { CallsApi } from '../../api/endpoints/calls';
import type { PhoneSelector } from '../../api/schemas';
import type { CallAction, CallsControlArgs } from '../../shared/contract';
import type { Logger } from '../../shared/logger';
import type { CallBoard } from './callBoard';
import { errorMessage } from '../../shared/contract';
import { CallsError } from '../errors';
import { CALL_STATE_TABLE, CONTROL_STATES, stateLabel } from '../callStateTable';
import { t } from '../../shared/i18n';

/** The methods of the PBX client call control needs. */
export type CallControlClient = Pick<CallsApi, 'controlCall' | 'hangUp'>;

export interface CallControlDeps {
  board: CallBoard;
  /** The client and phone now, or a CallsError saying what is missing. */
  connection(): { client: CallControlClient; selector: PhoneSelector };
  /** The id of the last poll started, and a way to poll at once so the real state follows quickly. */
  lastPollId(): number;
  pollNow(): void;
  logger: Logger;
}

export class CallControl {
  private readonly inFlight = new Map<string, Promise<{ message: string }>>();

  constructor(private readonly deps: CallControlDeps) {}

  control({ uniqueid, action }: CallsControlArgs): Promise<{ message: string }> {
    const key = `${uniqueid}:${action}`;
    const running = this.inFlight.get(key);
    if (running) return running;
    let promise: Promise<{ message: string }>;
    try {
      promise = this.send(uniqueid, action);
    } catch (error) {
      return Promise.reject(error);
    }
    const settled = promise.finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, settled);
    return settled;
  }

  /** Checks synchronously (so a refusal never shows as pending), then sends. */
  private send(uniqueid: string, action: CallAction): Promise<{ message: string }> {
    const { client, selector } = this.deps.connection();
    this.checkTarget(uniqueid, action);
    const { board } = this.deps;
    board.setPending(uniqueid, action);
    const request =
      action === 'hangup' ? client.hangUp(selector) : client.controlCall(selector, CONTROL_STATES[action]);
    return request.then(
      (message) => {
        board.confirm(uniqueid, this.deps.lastPollId());
        this.deps.pollNow();
        return { message };
      },
      (error: unknown) => {
        const said = error instanceof BusinessError ? error.pbxMessage : errorMessage(error);
        const request = requestOf(error);
        this.deps.logger.info(
          `call control: ${action} of ${uniqueid} failed${request ? ` (${request})` : ''}: ${said}`,
        );
        board.rollBack(uniqueid, { action, detail: errorMessage(error) });
        throw error;
      },
    );
  }

  private checkTarget(uniqueid: string, action: CallAction): void {
    const call = this.deps.board.get(uniqueid);
    if (!call) {
      throw new CallsError('invalid-argument', t('control.callGone'));
    }
    if (!CALL_STATE_TABLE[call.state].actions[call.direction].includes(action)) {
      throw new CallsError(
        'invalid-argument',
        t('control.actionNotAllowed', { state: stateLabel(call), action }),
      );
    }
    const target = this.deps.board.targets()[action];
    if (target !== uniqueid) {
      throw new CallsError('invalid-argument', t('control.otherCallTargeted', { action, target }));
    }
  }
}
