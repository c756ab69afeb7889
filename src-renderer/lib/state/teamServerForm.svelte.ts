/**
 * Settings ▸ Connection's choice between this computer's own connection to the PBX and a team server, and
 * the team-server sign-in: what the agent typed (kept through every event and every failure), the errors
 * beside the field they are about, and the requests on their way.
 */
import type {
  CertificateSummary,
  ConnectionKind,
  TeamServerChooseArgs,
  TeamServerClientView,
} from '../../../src-main/shared/contract';
import type { ErrorCode } from '../../../src-main/shared/contract';
import { announce } from '../announcer.svelte';
import { readCertificateFile } from '../certificateFile';
import { fieldMessage } from '../errors';
import { t } from '../i18n.svelte';
import { CommandError, invoke } from '../ringside';
import { Action } from './action.svelte';
import { followTeamServer } from './teamServer.svelte';

export type TeamServerField = 'serverUrl' | 'certificatePem' | 'link';

/** Failures that are about no field the agent typed: shown under the button instead. */
const NOT_ABOUT_A_FIELD: ReadonlySet<ErrorCode> = new Set([
  'forbidden',
  'forbidden-sender',
  'not-configured',
  'unknown-command',
  'internal',
]);

/** The field a failure is about (main may name `certificatePem`), or null when it is about none. */
function fieldOf(error: unknown, fallback: TeamServerField): TeamServerField | null {
  if (!(error instanceof CommandError) || NOT_ABOUT_A_FIELD.has(error.code)) return null;
  return error.params?.['field'] === 'certificatePem' ? 'certificatePem' : fallback;
}

export class TeamServerForm {
  /** The radio group's choice (saved with "Use this server"). */
  kind = $state<ConnectionKind>('pbx');
  serverUrl = $state('');
  /** The certificate of the chosen server to trust exactly, as shown. */
  certificate = $state.raw<CertificateSummary | null>(null);
  /** The enrollment link as pasted. */
  link = $state('');
  errors = $state<Partial<Record<TeamServerField, string>>>({});
  /** A sign-in in the browser ended (refused or expired) without the agent cancelling it. */
  browserSignInEnded = $state(false);
  /** "Sign out" was pressed once: the agent confirms it. */
  confirmingSignOut = $state(false);

  /** The answer is null when a field needs correcting (see `errors`). */
  readonly choosing = new Action<TeamServerClientView | null>();
  readonly linkSignIn = new Action<TeamServerClientView | null>();
  readonly browserSignIn = new Action<TeamServerClientView>();
  readonly cancelling = new Action<TeamServerClientView>();
  readonly signingOut = new Action<TeamServerClientView>();

  /** PEM chosen here and not saved yet; undefined: the saved certificate stays. */
  #certificatePem = $state<string | null | undefined>(undefined);
  #cancelled = false;
  readonly #stored = followTeamServer((view, previous) => this.#received(view, previous));

  get view(): TeamServerClientView | null {
    return this.#stored.value;
  }

  /** This host can be a team-server client (a read that fails says it cannot). */
  get available(): boolean {
    return this.view?.available === true;
  }

  /** The first read has answered (or failed, which hides the choice): what to show is known. */
  get settled(): boolean {
    return this.#stored.value !== null || this.#stored.error !== null;
  }

  /** The organisation's policy fixes the kind and the server. */
  get locked(): boolean {
    return this.view?.locked === true;
  }

  /** Loads the view and follows it; returns the function that stops. */
  start(): () => void {
    return this.#stored.start();
  }

  /** Saves the radio group's choice (and for a team server its address and certificate). */
  async choose(): Promise<boolean> {
    this.#clear('serverUrl', 'certificatePem');
    const kind = this.kind;
    // Back to the PBX: the server stays named (and its session kept) for a later switch back.
    const args: TeamServerChooseArgs =
      kind === 'team-server'
        ? { kind, serverUrl: this.serverUrl.trim() }
        : { kind, serverUrl: this.view?.serverUrl ?? '' };
    if (kind === 'team-server' && this.#certificatePem !== undefined)
      args.certificatePem = this.#certificatePem;
    const request = () => invoke('teamServer:choose', args);
    // Only the team-server form has fields to say a refusal beside; the PBX's button says it under itself.
    const view = await this.choosing.run(() =>
      kind === 'team-server' ? this.#aboutField('serverUrl', request) : request(),
    );
    if (!view) return false;
    this.#stored.update(view);
    this.#applyChoice(view);
    announce(t(kind === 'team-server' ? 'settings.teamServerChosen' : 'settings.teamServerPbxChosen'));
    return true;
  }

  async chooseCertificate(file: File): Promise<void> {
    this.#clear('certificatePem');
    try {
      const { pem, summary } = await readCertificateFile(file);
      this.#certificatePem = pem;
      this.certificate = summary;
    } catch (error) {
      this.errors.certificatePem = fieldMessage(error);
    }
  }

  removeCertificate(): void {
    this.#certificatePem = null;
    this.certificate = null;
    this.#clear('certificatePem');
  }

  async signInWithLink(): Promise<void> {
    this.#clear('link');
    const link = this.link.trim();
    if (link === '') {
      this.errors.link = t('settings.teamServerLinkEmpty');
      return;
    }
    const view = await this.linkSignIn.run(() =>
      this.#aboutField('link', () => invoke('teamServer:signInWithLink', { link })),
    );
    if (!view) return;
    this.#stored.update(view);
    // The link holds a one-time token: it does not stay on screen once used.
    this.link = '';
    announce(t('settings.teamServerSignedIn'));
  }

  async signInWithBrowser(): Promise<void> {
    this.browserSignInEnded = false;
    this.#cancelled = false;
    const view = await this.browserSignIn.run(() => invoke('teamServer:signInWithBrowser'));
    if (view) this.#stored.update(view);
  }

  async cancelSignIn(): Promise<void> {
    this.#cancelled = true;
    const view = await this.cancelling.run(() => invoke('teamServer:cancelSignIn'));
    if (view) this.#stored.update(view);
  }

  async signOut(): Promise<void> {
    const view = await this.signingOut.run(() => invoke('teamServer:signOut'));
    if (!view) return;
    this.confirmingSignOut = false;
    this.#stored.update(view);
    announce(t('settings.teamServerSignedOutAnnounced'));
  }

  clearError(field: TeamServerField): void {
    this.#clear(field);
  }

  /** Runs a request whose failure is said beside `field` (the answer is then null) unless it is about none. */
  async #aboutField(
    field: TeamServerField,
    request: () => Promise<TeamServerClientView>,
  ): Promise<TeamServerClientView | null> {
    try {
      return await request();
    } catch (error) {
      const about = fieldOf(error, field);
      if (!about) throw error;
      this.errors[about] = fieldMessage(error);
      return null;
    }
  }

  #received(view: TeamServerClientView, previous: TeamServerClientView | null): void {
    const signInEnded = previous?.browserSignIn && !view.browserSignIn;
    if (signInEnded && !view.signedIn && !this.#cancelled) this.browserSignInEnded = true;
    if (view.signedIn) this.browserSignInEnded = false;
    // What the agent is editing stays; a form left as it was follows the new view.
    if (!previous || !this.#editedSince(previous)) this.#applyChoice(view);
  }

  #editedSince(view: TeamServerClientView): boolean {
    return this.kind !== view.kind || this.serverUrl !== view.serverUrl || this.#certificatePem !== undefined;
  }

  #applyChoice(view: TeamServerClientView): void {
    this.kind = view.kind;
    this.serverUrl = view.serverUrl;
    this.certificate = view.certificate;
    this.#certificatePem = undefined;
  }

  #clear(...fields: TeamServerField[]): void {
    const remaining = { ...this.errors };
    for (const field of fields) delete remaining[field];
    this.errors = remaining;
  }
}
