/**
 * The administration commands where there is nothing to administer: the desktop app and the browser host
 * serve one agent on their own computer, with no sign-in sessions and no enrollment links. The window is
 * told it has no admin page; anything else is refused with a sentence that says where administration is.
 */
import { AppError, type adminCommands, type HandlersFor } from '../../shared/contract';
import { activeTranslator } from '../../shared/i18n';

/**
 * `not-configured` ("Ringside is not set up for this"): this host has no administration to offer, which is
 * how it is set up, not something missing (`not-found` would have the window say "It could not be found")
 * nor a refusal of the team server's policy or the PBX (`forbidden`, `permission-denied`).
 */
export class AdminUnavailable extends AppError {
  readonly code = 'not-configured';
}

export function adminOutsideTeamServer(): HandlersFor<typeof adminCommands> {
  const unavailable = async (): Promise<never> => {
    throw new AdminUnavailable(activeTranslator().t('admin.onlyOnTeamServer'));
  };
  return {
    'admin:access': async () => ({ teamServer: false, administrator: false }),
    'admin:sessions': unavailable,
    'admin:revokeSession': unavailable,
    'admin:revokeAgent': unavailable,
    'admin:revokeAll': unavailable,
    'admin:enrollments': unavailable,
    'admin:issueEnrollment': unavailable,
    'admin:cancelEnrollment': unavailable,
    'admin:supervisor': unavailable,
  };
}
