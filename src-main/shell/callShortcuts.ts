/**
 * The global shortcuts that answer the ringing call and hang up the active one (settings `answerShortcut`
 * and `hangUpShortcut`, off until the agent sets them, next to the dial shortcut). Each is registered again
 * when the settings change, and its outcome shown in Settings. A press acts on the call the tray would act on;
 * with no such call, or when the PBX refuses, a notice says so.
 */
import type { DesktopHooks } from '../app/appCoreDeps';
import type { CommandHandlers, Settings, ShortcutSetting } from '../shared/contract';
import { errorMessage } from '../shared/contract';
import { t, type MessageKey } from '../shared/i18n';
import type { Logger } from '../shared/logger';
import { DialShortcut, type GlobalShortcutLike } from './shortcut';
import { answerTarget, hangUpTarget } from './trayMenu';

export type CallShortcutCommands = Pick<CommandHandlers, 'calls:list' | 'calls:control'>;

export interface CallShortcutsDeps {
  commands: CallShortcutCommands;
  desktop: Pick<DesktopHooks, 'reportShortcut' | 'settings'>;
  globalShortcut: GlobalShortcutLike;
  problem(title: string, body: string): void;
  logger: Logger;
  platform: NodeJS.Platform;
  /** The dial shortcut (shortcut.ts), applied with these: keys moved between shortcuts in one save. */
  dial?: DialShortcut;
}

/** What each shortcut acts on (the call the tray would act on) and what it says when it cannot. */
const CALL_SHORTCUTS = {
  answer: { target: answerTarget, none: 'actions.noCallRinging', failed: 'actions.answerFailed' },
  hangup: { target: hangUpTarget, none: 'actions.noCallToHangUp', failed: 'tray.hangUpFailed' },
} satisfies Record<string, { target: typeof answerTarget; none: MessageKey; failed: MessageKey }>;

/** Answers or hangs up; resolves once the PBX took the request or a notice said why not. */
async function actOnCall(
  action: keyof typeof CALL_SHORTCUTS,
  commands: CallShortcutCommands,
  problem: CallShortcutsDeps['problem'],
): Promise<void> {
  const { target, none, failed } = CALL_SHORTCUTS[action];
  const call = target(await commands['calls:list']());
  if (!call) return problem(t(none), '');
  try {
    await commands['calls:control']({ uniqueid: call.uniqueid, action });
  } catch (error) {
    problem(t(failed), errorMessage(error));
  }
}

/** Answers the ringing call. */
export const answerRingingCall = actOnCall.bind(null, 'answer');
/** Hangs up the call the PBX would hang up (as the tray's "Hang up"). */
export const hangUpActiveCall = actOnCall.bind(null, 'hangup');

/**
 * Registers the answer and hang-up shortcuts (and the dial shortcut, when given) as the settings say and
 * follows them; returns the function that undoes it.
 */
export function installCallShortcuts(deps: CallShortcutsDeps): () => void {
  const shortcut = (setting: ShortcutSetting, act: typeof answerRingingCall) =>
    new DialShortcut({
      globalShortcut: deps.globalShortcut,
      onPressed: () => void act(deps.commands, deps.problem),
      report: (status) => deps.desktop.reportShortcut(setting, status),
      logger: deps.logger,
      platform: deps.platform,
      setting,
    });
  const answer = shortcut('answerShortcut', answerRingingCall);
  const hangUp = shortcut('hangUpShortcut', hangUpActiveCall);
  // Keys one shortcut gives up and another takes in the same save are still held by the first when the
  // second asks for them: those are tried again once all three are applied.
  const apply = (settings: Settings) => {
    deps.dial?.apply(settings.dialShortcut);
    answer.apply(settings.answerShortcut);
    hangUp.apply(settings.hangUpShortcut);
    for (const shortcut of [deps.dial, answer, hangUp]) shortcut?.retry();
  };
  apply(deps.desktop.settings.current);
  const stopFollowing = deps.desktop.settings.subscribe(apply);
  return () => {
    stopFollowing();
    answer.dispose();
    hangUp.dispose();
  };
}
