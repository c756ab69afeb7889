/**
 * `tel:` and `callto:` links reaching Ringside: in the first instance's own argv, in a second launch's argv
 * (the `second-instance` event) and through macOS `open-url`. A link is found in argv by its scheme, never by
 * its position: Chromium and the OS add their own arguments (`--allow-file-access-from-files`, a working
 * directory…), and an argument that is not a link is never read as one. Every link is parsed by
 * `parseTelUri` and is untrusted, so it goes through `requestDial` (the confirmation) like the shortcut. A web
 * page can fire links in a loop, and each would raise a window over the agent's work: links beyond a few
 * in a few seconds are dropped (`LinkRateLimit`); the confirmation itself is one at a time, a new one
 * replacing the open one (confirmWindow.ts). A `ringside:` enrollment link is handed on as an offer the agent
 * confirms in the window, under the same rate limit.
 */
import type { DialRequestOutcome } from '../calls';
import type { Clock } from '../shared/clock';
import { t } from '../shared/i18n';
import type { Logger } from '../shared/logger';
import { APP_LINK_SCHEME } from '../shared/enrollmentLink';
import { dialTextOf, parseTelUri } from '../shared/tel';
import { errorMessage } from '../shared/contract';

const LINK_PATTERN = /^(tel|callto):/i;
/** A team server's enrollment link as the OS hands it over (`ringside://enroll?server=…#…`). */
const ENROLLMENT_LINK_PATTERN = new RegExp(`^${APP_LINK_SCHEME}`, 'i');
/** Longer than any enrollment link (the contract's limit): not read at all. */
const MAX_ENROLLMENT_LINK = 2048;

/**
 * Ends the options on the command line Windows runs for a link (`"Ringside.exe" -- "%1"`, written by the
 * installer and by `setAsDefaultProtocolClient`): Chromium reads nothing after it as a switch, so a link
 * that breaks out of its quotes (`tel:1" --gpu-launcher="…`) adds arguments, never options.
 */
export const END_OF_OPTIONS = '--';

/**
 * The arguments a link is read from. On Windows only those after `--`: a command line without it carries no
 * link there (an older registration that left the link to Electron's own checks). Elsewhere the OS hands the
 * link over its own way (a Linux desktop entry's `%u`, macOS `open-url`), so every argument.
 */
export function linkArguments(argv: readonly string[], platform: NodeJS.Platform): readonly string[] {
  if (platform !== 'win32') return argv;
  const end = argv.indexOf(END_OF_OPTIONS);
  return end === -1 ? [] : argv.slice(end + 1);
}

export type FoundLink =
  { ok: true; link: string; dial: string } | { ok: false; link: string; reason: string };

/** Reads one link; `reason` says why it was refused. */
export function readTelLink(link: string): FoundLink {
  const parsed = parseTelUri(link);
  return parsed.ok
    ? { ok: true, link, dial: dialTextOf(parsed) }
    : { ok: false, link, reason: parsed.reason };
}

/**
 * The first dialable link in argv; when argv holds links but none is dialable, the first one's refusal;
 * null when there is no link at all (a plain start, or flags only).
 */
export function findTelLink(argv: readonly string[]): FoundLink | null {
  let refused: FoundLink | null = null;
  for (const argument of argv) {
    if (typeof argument !== 'string' || !LINK_PATTERN.test(argument)) continue;
    const found = readTelLink(argument);
    if (found.ok) return found;
    refused ??= found;
  }
  return refused;
}

export interface LinkFeedback {
  /** A refused link, a dial that failed: said in an OS notification. */
  problem(title: string, body: string): void;
}

export type RequestDial = (number: string, source: 'link') => Promise<DialRequestOutcome>;

export const LINK_RATE = { max: 3, perMs: 10_000 } as const;

/**
 * At most `LINK_RATE.max` links within `LINK_RATE.perMs` are handled; the rest are dropped, with one log line
 * for each burst of dropped links (not one per link: the log is no place for a flood either).
 */
export class LinkRateLimit {
  private readonly handledAt: number[] = [];
  private dropping = false;

  constructor(private readonly deps: { clock: Clock; logger: Logger }) {}

  /** Whether a link arriving now may be handled. */
  admit(): boolean {
    const now = this.deps.clock.now();
    while (this.handledAt.length > 0 && now - this.handledAt[0]! >= LINK_RATE.perMs) this.handledAt.shift();
    if (this.handledAt.length < LINK_RATE.max) {
      this.handledAt.push(now);
      this.dropping = false;
      return true;
    }
    if (!this.dropping) {
      this.dropping = true;
      this.deps.logger.warn(
        `links arrive too fast (more than ${LINK_RATE.max} in ${LINK_RATE.perMs / 1000} s): ` +
          'dropping them until they slow down',
      );
    }
    return false;
  }
}

export interface LinkHandler {
  requestDial: RequestDial;
  /** A `ringside:` link: offered to the agent, never used unasked (remote/teamServerAccount.ts). */
  offerTeamServerLink?(link: string): void;
  feedback: LinkFeedback;
  limit: LinkRateLimit;
}

/**
 * Receives links before and after the app is ready: links that arrive while Ringside is still starting (the
 * first instance's argv, an early `open-url`) wait until `attach` and are then handled in order.
 */
type ReceivedLink = { kind: 'tel'; found: FoundLink } | { kind: 'enrollment'; link: string };

/** A `ringside:` link among the arguments, when one is (and not absurdly long). */
function findEnrollmentLink(argv: readonly string[]): string | undefined {
  return argv.find(
    (argument) =>
      typeof argument === 'string' &&
      ENROLLMENT_LINK_PATTERN.test(argument) &&
      argument.length <= MAX_ENROLLMENT_LINK,
  );
}

export class LinkInbox {
  private readonly waiting: ReceivedLink[] = [];
  private handler: LinkHandler | undefined;

  constructor(private readonly platform: NodeJS.Platform = process.platform) {}

  /** From argv: true when argv held a link (then the caller need not bring the main window forward). */
  receiveArgv(argv: readonly string[]): boolean {
    const links = linkArguments(argv, this.platform);
    const enrollment = findEnrollmentLink(links);
    if (enrollment) {
      this.receive({ kind: 'enrollment', link: enrollment });
      return true;
    }
    const found = findTelLink(links);
    if (found) this.receive({ kind: 'tel', found });
    return found !== null;
  }

  /** From macOS `open-url`. */
  receiveUrl(url: string): void {
    if (ENROLLMENT_LINK_PATTERN.test(url)) {
      if (url.length <= MAX_ENROLLMENT_LINK) this.receive({ kind: 'enrollment', link: url });
      return;
    }
    this.receive({ kind: 'tel', found: readTelLink(url) });
  }

  attach(handler: LinkHandler): void {
    this.handler = handler;
    for (const received of this.waiting.splice(0)) this.receive(received);
  }

  private receive(received: ReceivedLink): void {
    if (!this.handler) {
      this.waiting.push(received);
      return;
    }
    const { requestDial, feedback, limit } = this.handler;
    if (!limit.admit()) return;
    if (received.kind === 'enrollment') {
      this.handler.offerTeamServerLink?.(received.link);
      return;
    }
    const found = received.found;
    if (!found.ok) {
      feedback.problem(t('tray.linkNotDialled'), t('tray.linkRefused', { reason: found.reason }));
      return;
    }
    requestDial(found.dial, 'link').then(
      (outcome) => {
        if (outcome.status === 'refused') feedback.problem(t('tray.linkNotDialled'), outcome.reason);
      },
      (error: unknown) => feedback.problem(t('tray.linkDialFailed'), errorMessage(error)),
    );
  }
}
