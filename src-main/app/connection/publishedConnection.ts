/**
 * The connection state the windows are told: the connection manager's, plus `callsProblem` while the PBX
 * answers but its calls cannot be read. It knows when the PBX comes back (saves, review fetches and the
 * monitor then go at once rather than at their next backoff) and tells the services that follow the status.
 */
import type { ConnectionState, ConnectionStatus } from '../../shared/contract';

export interface PublishedConnectionDeps {
  emit(state: ConnectionState): void;
  /** Connected again after not being connected. */
  onRecovered(): void;
  /** Every published state's status, for the services that follow it (sync, agent lookup). */
  onStatus(status: ConnectionStatus): void;
}

export class PublishedConnection {
  private current: ConnectionState;
  /** Shown with a connected state only; cleared by the next poll that succeeds. */
  private callsProblem: string | undefined;

  constructor(
    initial: ConnectionState,
    private readonly deps: PublishedConnectionDeps,
  ) {
    this.current = initial;
  }

  get state(): ConnectionState {
    return this.current;
  }

  publish(pbxState: ConnectionState): void {
    const { callsProblem: _previous, ...plain } = pbxState;
    const state: ConnectionState =
      plain.status === 'connected' && this.callsProblem
        ? { ...plain, callsProblem: this.callsProblem }
        : plain;
    const recovered = state.status === 'connected' && this.current.status !== 'connected';
    this.current = state;
    this.deps.emit(state);
    if (recovered) this.deps.onRecovered();
    this.deps.onStatus(state.status);
  }

  /** A PBX that answers but whose calls cannot be read stays "connected": this says so beside it. */
  setCallsProblem(problem: string | undefined): void {
    if (problem === this.callsProblem) return;
    this.callsProblem = problem;
    if (this.current.status === 'connected') this.publish(this.current);
  }
}
