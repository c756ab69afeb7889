/**
 * The desktop's own answers to `teamServer:*` (shared/contract/teamServerClient.ts): choosing where the core
 * runs, signing this computer in (a pasted enrollment link, a `ringside:` link the agent accepted, the system
 * browser) and out, and the view Settings ▸ Connection shows. The session goes to the keychain
 * (sessionKeychain.ts) and nowhere else; after each change the switching core (desktopConnection.ts) moves to
 * the core the choice and the session name, and `teamServer:changed` tells the windows.
 */
import type { Dispatcher } from 'undici';
import type { TeamServerPolicy } from '../app/settings/managedPolicy';
import { describeCertificate } from '../app/settings/describeCertificate';
import { checkCertificate } from '../app/settings/settingsSchema';
import { TeamServerClientUnavailable } from '../app/teamServerClient/teamServerClientUnavailable';
import { checkTeamServerUrl, TeamServerChoiceRefused } from '../app/teamServerClient/teamServerUrl';
import type { Clock } from '../shared/clock';
import {
  errorMessage,
  type BrowserSignInProgress,
  type HandlersFor,
  type TeamServerChooseArgs,
  type TeamServerClientView,
  type teamServerClientCommands,
} from '../shared/contract';
import { t } from '../shared/i18n';
import type { Logger } from '../shared/logger';
import type { BrowserSignIn, startBrowserSignIn } from './browserSignIn';
import type { DesktopConnection } from './desktopConnection';
import { readEnrollmentLink, type RemoteCredential } from './enrollment';
import { LinkOffers } from './linkOffers';
import { RemoteError } from './remoteError';
import type { SessionKeychain } from './sessionKeychain';
import type { TeamServerChoiceStore } from './teamServerChoice';

/** The sign-in through the system browser (browserSignIn.ts), injected so tests can stand in for a browser. */
export type StartBrowserSignIn = typeof startBrowserSignIn;

export interface TeamServerAccountDeps {
  choice: TeamServerChoiceStore;
  sessions: SessionKeychain;
  policy?: TeamServerPolicy | undefined;
  /** Signs in with an enrollment link (enrollment.ts `enrollWithLink`). */
  enroll(link: string, options: { dispatcher?: Dispatcher }): Promise<RemoteCredential>;
  /** Ends the session on the server (serverSignOut.ts); best effort. */
  signOutOnServer(credential: RemoteCredential, dispatcher: Dispatcher | undefined): Promise<unknown>;
  /** Absent: this build cannot sign in through the browser. */
  startBrowserSignIn?: StartBrowserSignIn | undefined;
  /** The name this computer is listed under in the server's sessions. */
  deviceName?: string | undefined;
  openExternal(url: string): Promise<void>;
  /** The TLS trust of requests to a server (the OS store, or exactly its certificate); absent: Node's default. */
  dispatcherFor?: ((serverUrl: string, certificatePem: string | null) => Dispatcher | undefined) | undefined;
  /** Deletes what a session left on disk for a server (the offline directory copy). */
  removeSessionFiles?: ((serverUrl: string) => Promise<void>) | undefined;
  /** Brings the main window forward (a `ringside:` link is waiting for the agent). */
  showWindow?: (() => void) | undefined;
  clock: Clock;
  logger: Logger;
}

export class TeamServerAccount {
  private connection: DesktopConnection | undefined;
  private readonly offers: LinkOffers;
  private browser: { progress: BrowserSignInProgress; handle: BrowserSignIn } | null = null;
  private signInProblem: string | null = null;

  constructor(private readonly deps: TeamServerAccountDeps) {
    this.offers = new LinkOffers(deps.clock);
  }

  /** The switching core this account moves (set once, right after both are built). */
  attach(connection: DesktopConnection): void {
    this.connection = connection;
  }

  handlers(): HandlersFor<typeof teamServerClientCommands> {
    return {
      'teamServer:get': () => this.view(),
      'teamServer:choose': (args) => this.choose(args),
      'teamServer:signInWithLink': ({ link }) => this.signInWithLink(link),
      'teamServer:signInWithBrowser': () => this.signInWithBrowser(),
      'teamServer:cancelSignIn': () => this.cancelSignIn(),
      'teamServer:acceptOffer': ({ offerId }) => {
        const link = this.offers.take(offerId);
        if (!link) throw new RemoteError('invalid-argument', t('teamServerClient.offerGone'));
        return this.signInWithLink(link);
      },
      'teamServer:dismissOffer': ({ offerId }) => {
        this.offers.take(offerId);
        return this.view();
      },
      'teamServer:signOut': () => this.signOut(),
    };
  }

  async view(): Promise<TeamServerClientView> {
    const choice = this.deps.choice.current;
    const connection = this.connection;
    const onServer = choice.kind === 'team-server';
    return {
      available: true,
      kind: choice.kind,
      serverUrl: choice.serverUrl,
      locked: this.deps.choice.locked,
      certificate: this.certificate(choice.certificatePem),
      credentialStorage: this.deps.sessions.storage,
      signedIn: (await this.deps.sessions.read(choice.serverUrl)) !== null,
      agent: onServer ? (connection?.agent ?? null) : null,
      link: onServer ? (connection?.linkState ?? 'idle') : 'idle',
      browserSignIn: this.browser?.progress ?? null,
      ...(this.signInProblem ? { signInProblem: this.signInProblem } : {}),
    };
  }

  /** Tells the windows the view now. */
  changed(): void {
    this.view().then(
      (view) => this.connection?.emit('teamServer:changed', view),
      (error: unknown) => this.deps.logger.warn('the team server view could not be built', error),
    );
  }

  /**
   * A `ringside:` link from the OS: offered to the agent (`teamServer:linkOffered`), never used by itself.
   * A link that is none, or names a server a managed policy does not allow, is dropped (logged).
   */
  offerLink(link: string): void {
    let origin: string;
    try {
      origin = this.allowedOrigin(link);
    } catch (error) {
      this.deps.logger.warn(`a ringside: link was not offered: ${errorMessage(error)}`);
      return;
    }
    const offerId = this.offers.add(link);
    this.connection?.emit('teamServer:linkOffered', { serverUrl: origin, offerId });
    this.deps.showWindow?.();
  }

  /** The server ended the session, or the agent signed out: nothing of it stays on this computer. */
  async forgetSession(origin: string): Promise<void> {
    await this.deps.sessions.forget(origin);
    await this.deps.removeSessionFiles?.(origin);
  }

  private async choose(args: TeamServerChooseArgs): Promise<TeamServerClientView> {
    if (this.deps.choice.locked) {
      throw new TeamServerChoiceRefused('forbidden', t('teamServerClient.lockedByOrganisation'));
    }
    const current = this.deps.choice.current;
    if (args.kind === 'pbx') {
      this.deps.choice.save({ ...current, kind: 'pbx' });
    } else {
      const serverUrl = checkTeamServerUrl(args.serverUrl);
      const kept = serverUrl === current.serverUrl ? current.certificatePem : null;
      const certificatePem =
        args.certificatePem === undefined ? kept : checkedCertificate(args.certificatePem);
      this.deps.choice.save({ kind: 'team-server', serverUrl, certificatePem });
    }
    return this.afterChange();
  }

  private async signInWithLink(link: string): Promise<TeamServerClientView> {
    const origin = this.allowedOrigin(link);
    const certificatePem = this.certificateFor(origin);
    const credential = await this.deps.enroll(link, { ...this.dispatcher(origin, certificatePem) });
    await this.signedIn(credential, certificatePem);
    return this.view();
  }

  private async signInWithBrowser(): Promise<TeamServerClientView> {
    const { kind, serverUrl, certificatePem } = this.deps.choice.current;
    if (kind !== 'team-server' || serverUrl === '') {
      throw new RemoteError('invalid-argument', t('teamServerClient.noServerChosen'));
    }
    const start = this.deps.startBrowserSignIn;
    if (!start) throw new TeamServerClientUnavailable(t('teamServerClient.browserSignInUnavailable'));
    this.browser?.handle.cancel();
    const handle = start({
      serverUrl,
      openExternal: this.deps.openExternal,
      clock: this.deps.clock,
      deviceName: this.deps.deviceName,
      ...this.dispatcher(serverUrl, certificatePem),
    });
    const browser = { progress: { url: handle.url, expiresAt: handle.expiresAt }, handle };
    this.browser = browser;
    this.signInProblem = null;
    handle.result
      .then((credential) => {
        if (credential.origin !== serverUrl)
          throw new RemoteError('auth-failed', t('errors.teamServerLinkInvalid'));
        return this.signedIn(credential, certificatePem);
      })
      .catch((error: unknown) => {
        this.deps.logger.warn('the browser sign-in ended without a session', error);
        if (this.browser === browser) this.signInProblem = errorMessage(error);
      })
      .finally(() => {
        if (this.browser === browser) this.browser = null;
        this.changed();
      });
    return this.view();
  }

  private async cancelSignIn(): Promise<TeamServerClientView> {
    const browser = this.browser;
    this.browser = null;
    browser?.handle.cancel();
    return this.view();
  }

  private async signOut(): Promise<TeamServerClientView> {
    this.browser?.handle.cancel();
    this.browser = null;
    await this.endSession(this.deps.choice.current);
    return this.afterChange();
  }

  /** Ends the session on a server (when it can be told) and forgets it here whether or not it heard. */
  private async endSession(server: { serverUrl: string; certificatePem: string | null }): Promise<void> {
    const credential = await this.deps.sessions.read(server.serverUrl);
    if (credential) {
      const { dispatcher } = this.dispatcher(server.serverUrl, server.certificatePem);
      await this.deps.signOutOnServer(credential, dispatcher);
    }
    await this.forgetSession(server.serverUrl);
  }

  /**
   * A session from a link or the browser: kept in the keychain, the choice moved to its server (the session
   * this computer had there before, or on the server chosen before, ended: one session per computer), the
   * core switched.
   */
  private async signedIn(credential: RemoteCredential, certificatePem: string | null): Promise<void> {
    const previous = this.deps.choice.current;
    const replaced = await this.deps.sessions.read(credential.origin);
    await this.deps.sessions.save(credential);
    if (replaced && replaced.cookie !== credential.cookie) {
      await this.deps.signOutOnServer(
        replaced,
        this.dispatcher(credential.origin, certificatePem).dispatcher,
      );
    }
    this.signInProblem = null;
    if (!this.deps.choice.locked) {
      this.deps.choice.save({ kind: 'team-server', serverUrl: credential.origin, certificatePem });
    }
    if (previous.serverUrl !== '' && previous.serverUrl !== credential.origin)
      await this.endSession(previous);
    await this.afterChange();
  }

  private async afterChange(): Promise<TeamServerClientView> {
    await this.connection?.apply();
    this.changed();
    return this.view();
  }

  /** The link's server, when this computer may use it (a managed lock allows only its own server). */
  private allowedOrigin(link: string): string {
    const { origin } = readEnrollmentLink(link);
    const policy = this.deps.policy;
    if (policy?.locked && origin !== policy.url) {
      throw new TeamServerChoiceRefused(
        'forbidden',
        t('teamServerClient.linkForOtherServer', { server: origin, allowed: policy.url }),
      );
    }
    return origin;
  }

  /** The certificate trusted for a server: the chosen one's, when the link names the chosen server. */
  private certificateFor(origin: string): string | null {
    const current = this.deps.choice.current;
    return current.serverUrl === origin ? current.certificatePem : null;
  }

  private dispatcher(serverUrl: string, certificatePem: string | null): { dispatcher?: Dispatcher } {
    const dispatcher = this.deps.dispatcherFor?.(serverUrl, certificatePem);
    return dispatcher ? { dispatcher } : {};
  }

  private certificate(pem: string | null): TeamServerClientView['certificate'] {
    if (!pem) return null;
    try {
      return describeCertificate(pem);
    } catch {
      return null;
    }
  }
}

/** A certificate chosen to trust; its problem is reported beside the certificate, not the address. */
function checkedCertificate(pem: string | null): string | null {
  try {
    return checkCertificate(pem, new Date());
  } catch (error) {
    throw new TeamServerChoiceRefused('invalid-argument', errorMessage(error), { field: 'certificatePem' });
  }
}
