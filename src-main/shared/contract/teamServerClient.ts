/**
 * The desktop app as a client of a team server (docs/team-server.md, "The desktop app as a client"): which
 * core this computer runs on, and signing this computer in and out. Settings ▸ Connection offers the choice:
 * "This computer connects to the PBX" (the PBX's secret in this computer's keychain) or "Team server" (the
 * server holds the PBX's secret; this computer keeps only its own session, in the keychain).
 *
 * These commands are answered by this computer, never sent on to a server: a desktop signed in to a team
 * server runs every other command there. The browser host and the team server answer `teamServer:get` with
 * `available: false` and refuse the others (`not-configured`): a page cannot move its host to another server.
 */
import { z } from 'zod';
import { command, event } from './define';
import type { CertificateSummary, SecretStorageKind } from './settings';
import { MAX_CERTIFICATE_PEM } from './settingsRegistry';

const MAX_URL = 2048;

/** Where this computer's core runs: here, against the PBX (or the demo PBX), or on a team server. */
export const ConnectionKindSchema = z.enum(['pbx', 'team-server']);
export type ConnectionKind = z.infer<typeof ConnectionKindSchema>;

/**
 * The team-server link's state: `idle` (no session, or PBX mode), `connecting` (first connection),
 * `connected`, `reconnecting` (the server cannot be reached; retrying by itself), `signed-out` (the server
 * ended the session: sign in again).
 */
export type TeamServerLinkState = 'idle' | 'connecting' | 'connected' | 'reconnecting' | 'signed-out';

/** A sign-in through the system browser in progress (the agent finishes it in their browser). */
export interface BrowserSignInProgress {
  /** The address opened in the system browser, shown so the agent can open it by hand. */
  url: string;
  /** Epoch milliseconds after which the sign-in is given up. */
  expiresAt: number;
}

/** What Settings ▸ Connection shows of the connection choice. */
export interface TeamServerClientView {
  /** Whether this host can be a team-server client at all (the desktop app); false: hide the choice. */
  available: boolean;
  kind: ConnectionKind;
  /** The team server's origin (`https://ringside.example.com`); '' when none is chosen. */
  serverUrl: string;
  /** A managed policy fixes the kind and the server: the agent cannot change them (shown as such). */
  locked: boolean;
  /** The certificate trusted for exactly this server ("trust exactly this certificate"); null: the OS store. */
  certificate: CertificateSummary | null;
  /** Where this computer's session is kept (never the session itself). */
  credentialStorage: SecretStorageKind;
  /** A session is stored for `serverUrl`. */
  signedIn: boolean;
  /** The PBX user the server signed this computer in as; null when not signed in or not known yet. */
  agent: { username: string; displayName: string } | null;
  link: TeamServerLinkState;
  /** A system-browser sign-in waiting for the agent; null when none. */
  browserSignIn: BrowserSignInProgress | null;
  /** Why the last system-browser sign-in ended without a session (refused, expired); absent when none did. */
  signInProblem?: string;
}

export const TeamServerChooseArgsSchema = z.strictObject({
  kind: ConnectionKindSchema,
  /** Required for `team-server`: the server's https origin (http only on this computer). */
  serverUrl: z.string().max(MAX_URL),
  /** PEM of the server's own certificate to trust exactly; null: the OS store only. Omitted: unchanged. */
  certificatePem: z.string().max(MAX_CERTIFICATE_PEM).nullable().optional(),
});
export type TeamServerChooseArgs = z.infer<typeof TeamServerChooseArgsSchema>;

export const TeamServerLinkArgsSchema = z.strictObject({
  /** An enrollment link as the administrator sent it: `https://…/enroll#…` or its `ringside:` form. */
  link: z.string().max(MAX_URL),
});

/** A `ringside:` enrollment link the OS handed to the app, waiting for the agent to confirm it. */
export interface TeamServerLinkOffer {
  /** The server the link would sign this computer in to (its origin); the token itself is never sent. */
  serverUrl: string;
  /** An id to confirm or dismiss the offer with. */
  offerId: string;
}

export const TeamServerOfferArgsSchema = z.strictObject({ offerId: z.string().max(64) });

export const teamServerClientCommands = {
  'teamServer:get': command(z.undefined()).returns<TeamServerClientView>(),
  /**
   * Chooses where the core runs. Switching signs nothing in: PBX → team server keeps this computer's PBX
   * secret untouched; team server → PBX keeps the session unless `teamServer:signOut` is used.
   * `forbidden` when a managed policy locks the choice.
   */
  'teamServer:choose': command(TeamServerChooseArgsSchema).changes<TeamServerClientView>(),
  /** Signs in with an enrollment link (pasted); the link's server must be the chosen one when locked. */
  'teamServer:signInWithLink': command(TeamServerLinkArgsSchema).changes<TeamServerClientView>(),
  /**
   * Starts a sign-in in the system browser (the company's identity provider); resolves at once with
   * `browserSignIn` set; `teamServer:changed` tells when it ends (signed in, refused or expired).
   */
  'teamServer:signInWithBrowser': command(z.undefined()).changes<TeamServerClientView>(),
  'teamServer:cancelSignIn': command(z.undefined()).changes<TeamServerClientView>(),
  /** Accepts a `ringside:` link the OS handed over (after the agent saw which server it names). */
  'teamServer:acceptOffer': command(TeamServerOfferArgsSchema).changes<TeamServerClientView>(),
  'teamServer:dismissOffer': command(TeamServerOfferArgsSchema).changes<TeamServerClientView>(),
  /** Ends the session on the server and forgets it on this computer (keychain and every file). */
  'teamServer:signOut': command(z.undefined()).changes<TeamServerClientView>(),
};

export const teamServerClientEvents = {
  /** The view changed (signed in or out, the link's state, a browser sign-in ended). */
  'teamServer:changed': event<TeamServerClientView>(),
  /** The OS handed over a `ringside:` enrollment link: the window asks the agent before using it. */
  'teamServer:linkOffered': event<TeamServerLinkOffer>(),
};
