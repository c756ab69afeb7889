/**
 * The call simulation engine: everything the API and the demo's control interface do with calls. The calls
 * live in a CallRegistry, move through their states (and automatic steps on the simulated clock) by
 * CallTransitions, and AutomaticCalls rings the demo agent now and then. The HTTP layer (routes.ts) only
 * translates requests to these methods; every answer is built from the api/ schemas' types.
 */
import {
  CALL_CONTROL_STATES,
  type CallMetadata,
  type CallPermissions,
  type CallRecordV1,
  type CallRecordV2,
  type PhoneSelector,
} from '../../api/schemas';
import type { SimClock } from '../clock';
import type { Random } from '../random';
import { randomPhoneNumber } from '../seed/phoneNumbers';
import type { QueueActivity } from '../store/queueStatistics';
import { archiveCall } from './archive';
import { AutomaticCalls } from './automaticCalls';
import { CallRegistry } from './callRegistry';
import { CallTransitions } from './callTransitions';
import { colleagueTakes } from './colleagueTakes';
import { chooseLanguage } from './conversation';
import type { CallDirectory, CallQueue, UserRef } from './directory';
import { CallError } from './errors';
import { seedHistory, type NewCallInit } from './history';
import { createLiveCall, type LiveCall } from './liveCall';
import { describeUserRef, phoneLabel, requireInboundQueue, requirePhone } from './lookup';
import { demoIvrData } from './ivrData';
import { mergeMetadata } from './metadata';
import { dialString } from './numbers';
import { DEFAULT_CALL_ENGINE_OPTIONS, type CallEngineOptions } from './options';
import { callPermissionsFor, participantsOf } from './permissions';
import { snapshotPhone } from './phoneSnapshot';
import { buildRecordV1, buildRecordV2, type RecordContext, type RecordV1Options } from './records';
import { resolveRemoteParty } from './remote';
import { stateName } from './stateMachine';

export interface CallEngineDependencies {
  directory: CallDirectory;
  clock: SimClock;
  random: Random;
  /** Told about queue calls as they enter, ring, are answered and leave (for /queues and /queue/{id}). */
  queueActivity?: QueueActivity;
  options?: Partial<CallEngineOptions>;
}

export interface InboundCallRequest {
  to: PhoneSelector;
  /** The caller's number; a CRM contact (or now and then a stranger) when omitted. */
  from?: string;
  queueId?: number;
  /** The call's first metadata, as an IVR would attach it; queue calls get the demo IVR's when omitted. */
  data?: CallMetadata;
}

export class CallEngine {
  readonly options: CallEngineOptions;
  private readonly directory: CallDirectory;
  private readonly clock: SimClock;
  private readonly random: Random;
  private readonly calls = new CallRegistry();
  private readonly transitions: CallTransitions;
  private readonly automaticCalls: AutomaticCalls;
  private sequence = 0;

  constructor(dependencies: CallEngineDependencies) {
    this.directory = dependencies.directory;
    this.clock = dependencies.clock;
    this.random = dependencies.random;
    this.options = { ...DEFAULT_CALL_ENGINE_OPTIONS, ...dependencies.options };
    this.transitions = new CallTransitions({
      clock: this.clock,
      random: this.random,
      options: this.options,
      queueActivity: dependencies.queueActivity,
      mayRing: (call) => this.queueMayRing(call),
      onEnded: (call) => this.archive(call),
    });
    this.automaticCalls = new AutomaticCalls({
      clock: this.clock,
      random: this.random,
      directory: this.directory,
      calls: this.calls,
      options: this.options,
      ring: (phone, queueId) =>
        this.startInboundCall({ to: phone, ...(queueId === undefined ? {} : { queueId }) }),
    });
  }

  /** Seeds the history and starts the automatic inbound calls. */
  start(): void {
    const now = this.clock.now();
    seedHistory(
      {
        directory: this.directory,
        random: this.random,
        count: this.options.historyCalls,
        fromMs: now - this.options.historyDays * 86_400_000,
        toMs: now - 10 * 60_000,
      },
      {
        newCall: (init) => this.newCall(init),
        remoteParty: (dialled, asGiven, knownName) =>
          resolveRemoteParty(this.directory, this.options.defaultCountry, dialled, asGiven, knownName),
        finish: (call) => this.archive(call),
      },
    );
    this.automaticCalls.start();
  }

  /** Cancels every pending step; ongoing calls freeze where they are. */
  stop(): void {
    this.automaticCalls.stop();
    for (const call of this.calls.ongoingCalls()) this.clock.cancel(call.pendingTimer);
  }

  // ---- Call control (GET, POST, PATCH, DELETE /call) -------------------------------------------------

  listCalls(selector: PhoneSelector): CallRecordV2[] {
    const phone = requirePhone(this.directory, selector);
    return this.calls.callsOn(phone).map((call) => this.liveRecord(call, false));
  }

  /** Click-to-dial: ring the agent's phone, which answers itself and then dials `to`. */
  placeCall(request: PhoneSelector & { to: string; data?: CallMetadata }): string {
    const phone = requirePhone(this.directory, request);
    const dialled = dialString(request.to);
    if (dialled === null) {
      throw CallError.invalid('to must be a phone number: digits, optionally a leading +, and * or #');
    }
    const busy = this.calls
      .callsOn(phone)
      .find(
        (call) =>
          call.phone.identifier === phone.identifier && ['connected', 'dialing'].includes(stateName(call)),
      );
    if (busy) {
      throw CallError.business(
        `${phoneLabel(phone)} is busy with call ${busy.uniqueid} (${stateName(busy)}); hang up or hold it first`,
      );
    }
    const remote = resolveRemoteParty(this.directory, this.options.defaultCountry, dialled, request.to);
    if (remote.phone?.identifier === phone.identifier) throw CallError.business('a phone cannot call itself');
    const call = this.newCall({
      direction: 'outbound',
      phone: snapshotPhone(phone),
      remote,
      dialled,
      dialledOriginal: request.to.trim(),
      queue: null,
      metadata: request.data ? mergeMetadata({}, request.data) : {},
    });
    this.transitions.apply(call, { type: 'originate' });
    return `Calling ${request.to.trim()} from ${phoneLabel(phone)}`;
  }

  /** PATCH /call: answer, held or resumed; anything else, or a state impossible now, is a business error. */
  controlCall(selector: PhoneSelector, state: string): string {
    const phone = requirePhone(this.directory, selector);
    const own = this.calls.callsOn(phone).filter((call) => call.phone.identifier === phone.identifier);
    const inState = (name: string) => own.filter((call) => stateName(call) === name);
    const label = phoneLabel(phone);
    switch (state) {
      case 'answer': {
        const ringing = inState('ringing');
        const call = ringing.find((c) => c.direction === 'inbound') ?? ringing[0];
        if (!call) throw CallError.business(`nothing is ringing on ${label}: there is no call to answer`);
        if (call.direction === 'outbound') {
          this.transitions.apply(call, { type: 'pickup' });
          return `Call ${call.uniqueid} picked up; dialling ${call.remote.number}`;
        }
        this.transitions.holdAll(inState('connected')); // a second call: the phone holds the first one
        this.transitions.apply(call, { type: 'answer' });
        return `Call ${call.uniqueid} answered`;
      }
      case 'held': {
        const call = inState('connected')[0];
        if (!call) throw CallError.business(`${label} has no connected call to hold`);
        this.transitions.apply(call, { type: 'hold' });
        return `Call ${call.uniqueid} put on hold`;
      }
      case 'resumed': {
        const held = inState('held').sort((a, b) => (b.heldSinceMs ?? 0) - (a.heldSinceMs ?? 0));
        const call = held[0];
        if (!call) throw CallError.business(`${label} has no held call to resume`);
        this.transitions.holdAll(inState('connected'));
        this.transitions.apply(call, { type: 'resume' });
        return `Call ${call.uniqueid} resumed`;
      }
      default:
        throw CallError.business(
          `state must be one of ${CALL_CONTROL_STATES.join(', ')}; "${state}" is not a state a call can be put in`,
        );
    }
  }

  /** DELETE /call: hangs up the active call: the connected one, else one being set up, else a held one. */
  hangUp(selector: PhoneSelector): string {
    const phone = requirePhone(this.directory, selector);
    const calls = this.calls.callsOn(phone).filter((call) => stateName(call) !== 'queued');
    const priority = (call: LiveCall) => {
      const name = stateName(call);
      if (name === 'connected') return 0;
      if (name === 'dialing' || (name === 'ringing' && call.direction === 'outbound')) return 1;
      return name === 'held' ? 2 : 3; // declining a ringing inbound call comes last
    };
    const call = calls.sort((a, b) => priority(a) - priority(b))[0];
    if (!call) throw CallError.business(`${phoneLabel(phone)} has no active call to hang up`);
    const ours = call.phone.identifier === phone.identifier;
    this.transitions.apply(call, { type: 'hangup', by: ours ? 'agent' : 'remote' });
    return `Call ${call.uniqueid} hung up`;
  }

  // ---- The remote party and the demo's control interface (/_sim) ---------------------------------------

  /** An inbound call to a phone, directly or through an inbound queue. Returns its uniqueid. */
  startInboundCall(request: InboundCallRequest): string {
    const phone = requirePhone(this.directory, request.to);
    const queue = request.queueId === undefined ? null : requireInboundQueue(this.directory, request.queueId);
    let from = request.from;
    let knownName: string | undefined;
    if (from === undefined) {
      const contact = this.random.chance(0.85) ? this.directory.randomContact(this.random) : undefined;
      from = contact?.number ?? randomPhoneNumber(this.random, this.random.pick(['CZ', 'SK', 'GB'] as const));
      knownName = contact?.name;
    }
    const dialledFrom = dialString(from);
    if (dialledFrom === null)
      throw CallError.invalid('from must be a phone number: digits, optionally a leading +');
    const remote = resolveRemoteParty(
      this.directory,
      this.options.defaultCountry,
      dialledFrom,
      from,
      knownName,
    );
    if (remote.phone?.identifier === phone.identifier) throw CallError.business('a phone cannot call itself');
    const call = this.newCall({
      direction: 'inbound',
      phone: snapshotPhone(phone),
      remote,
      dialled: queue?.number ?? phone.extension,
      dialledOriginal: queue?.number ?? phone.extension,
      queue,
      metadata: {},
    });
    // The IVR in front of a queue may have learned something (ivrData.ts); a test may name the data itself.
    if (request.data) call.metadata = mergeMetadata({}, request.data);
    else if (queue) call.metadata = demoIvrData(call.uniqueid);
    this.transitions.apply(call, queue ? { type: 'enqueue' } : { type: 'ring' });
    return call.uniqueid;
  }

  /** The far party answers an outbound call (skipping the agent's auto-answer if it has not happened yet). */
  remoteAnswer(uniqueid: string): string {
    const call = this.calls.requireOngoing(uniqueid);
    if (call.direction === 'inbound') {
      throw CallError.business(
        `call ${uniqueid} is inbound: its remote party is the caller, who is already on the line; ` +
          'answer it on the phone with PATCH /call',
      );
    }
    if (stateName(call) === 'ringing') this.transitions.apply(call, { type: 'pickup' });
    if (stateName(call) !== 'dialing') {
      throw CallError.business(
        `call ${uniqueid} is ${stateName(call)}; the remote party answers only while it is dialled`,
      );
    }
    this.transitions.apply(call, { type: 'remote-answer' });
    return `Call ${uniqueid} answered by ${call.remote.number}`;
  }

  /** A colleague answers a queue call while it rings the agent's phone (colleagueTakes.ts). */
  takenByColleague(uniqueid: string): string {
    return colleagueTakes(this.calls.requireOngoing(uniqueid), this.directory, this.random, this.transitions);
  }

  remoteHangUp(uniqueid: string): string {
    const call = this.calls.requireOngoing(uniqueid);
    this.transitions.apply(call, { type: 'hangup', by: 'remote' });
    return `Call ${uniqueid} hung up by ${call.remote.number}`;
  }

  // ---- Records, permissions, metadata ------------------------------------------------------------------

  recordV1(uniqueid: string, options: RecordV1Options): CallRecordV1 {
    const ended = this.calls.endedCall(uniqueid);
    if (!ended) {
      throw CallError.notFound(
        this.calls.isOngoing(uniqueid)
          ? `call ${uniqueid} is still in progress; its record is written when it ends`
          : `unknown call ${uniqueid}`,
      );
    }
    return buildRecordV1(ended, this.recordContext(), options);
  }

  /** The version-2 record of an ongoing or ended call. */
  recordV2(uniqueid: string, options: { path: boolean }): CallRecordV2 {
    const ended = this.calls.endedCall(uniqueid);
    if (ended)
      return buildRecordV2(ended.call, this.recordContext(), {
        path: options.path,
        recorded: ended.recorded,
      });
    const call = this.calls.ongoingCall(uniqueid);
    if (!call) throw CallError.notFound(`unknown call ${uniqueid}`);
    return this.liveRecord(call, options.path);
  }

  permissions(uniqueid: string, user: UserRef): CallPermissions {
    const call = this.calls.requireCall(uniqueid);
    const found = this.directory.findUser(user);
    if (!found) throw CallError.notFound(`unknown user ${describeUserRef(user)}`);
    return callPermissionsFor(this.directory, found, participantsOf(call));
  }

  metadata(uniqueid: string): CallMetadata {
    return { ...this.calls.requireCall(uniqueid).metadata };
  }

  /** Differential: given keys are set, a null deletes its key, absent keys stay. Returns the result. */
  updateMetadata(uniqueid: string, update: CallMetadata): CallMetadata {
    const call = this.calls.requireCall(uniqueid);
    call.metadata = mergeMetadata(call.metadata, update);
    return { ...call.metadata };
  }

  /**
   * A deleted user's references in calls (user ids and usernames of the parties) become null; the records,
   * names and recordings stay.
   */
  forgetUser(userId: number): void {
    this.calls.forgetUser(userId);
  }

  /** The uniqueids of every ended call, oldest first (seeded history included). */
  endedCallIds(): string[] {
    return this.calls.endedCallIds();
  }

  /** Users whose phone is ringing, dialling, talking or holding right now (not idle for queue statistics). */
  busyUserIds(): ReadonlySet<number> {
    return this.calls.busyUserIds();
  }

  // ---- Internals ---------------------------------------------------------------------------------------

  /** A paused agent gets no queue calls: the caller waits in the queue until the agent is back. */
  private queueMayRing(call: LiveCall): boolean {
    const userId = call.phone.user?.id;
    if (userId === undefined || userId === null || !call.queue) return true;
    return this.directory.acceptsQueueCalls?.(userId, call.queue.id) !== false;
  }

  private newCall(init: NewCallInit): LiveCall {
    const call = createLiveCall({
      ...init,
      seq: ++this.sequence,
      createdMs: init.createdMs ?? this.clock.now(),
      queueEntry: init.queue ? this.queueEntry(init.queue) : null,
      language: chooseLanguage(init.remote.numberNorm, this.random),
    });
    this.calls.add(call);
    return call;
  }

  /** Moves an ended call to the records, with what the AI will make of it. */
  private archive(call: LiveCall): void {
    call.pendingTimer = null;
    this.calls.archive(archiveCall(call, this.directory, this.random));
  }

  private liveRecord(call: LiveCall, path: boolean): CallRecordV2 {
    const recording = call.remote.kind === 'external' && call.connectedMs !== null;
    return buildRecordV2(call, this.recordContext(), { path, recorded: recording });
  }

  private recordContext(): RecordContext {
    return {
      directory: this.directory,
      nowMs: this.clock.now(),
      transcribeAfterMs: this.options.transcribeAfterSeconds * 1000,
    };
  }

  private queueEntry(queue: CallQueue): LiveCall['queueEntry'] {
    const waiting = this.calls.waitingIn(queue.id);
    const int = (min: number, max: number) => this.random.int(min, max);
    return {
      length: waiting,
      agents: { idle: int(0, 3), ringing: int(0, 1), talking: int(0, 4), acw: int(0, 1), aux: int(0, 2) },
    };
  }
}
