/**
 * The team-server client commands where this host cannot be a client: the browser host (a page must not move
 * its host to another server) and the team server itself. The window is told the choice is not available;
 * anything else is refused with `not-configured` and a sentence that says where the choice is made. The
 * desktop app answers them itself (its composition root replaces these handlers).
 */
import { AppError, type HandlersFor, type teamServerClientCommands } from '../../shared/contract';
import { activeTranslator } from '../../shared/i18n';

export class TeamServerClientUnavailable extends AppError {
  readonly code = 'not-configured';
}

export function teamServerClientUnavailable(): HandlersFor<typeof teamServerClientCommands> {
  const unavailable = async (): Promise<never> => {
    throw new TeamServerClientUnavailable(activeTranslator().t('teamServerClient.onlyOnDesktop'));
  };
  return {
    'teamServer:get': async () => ({
      available: false,
      kind: 'pbx',
      serverUrl: '',
      locked: false,
      certificate: null,
      credentialStorage: 'session-only',
      signedIn: false,
      agent: null,
      link: 'idle',
      browserSignIn: null,
    }),
    'teamServer:choose': unavailable,
    'teamServer:signInWithLink': unavailable,
    'teamServer:signInWithBrowser': unavailable,
    'teamServer:cancelSignIn': unavailable,
    'teamServer:acceptOffer': unavailable,
    'teamServer:dismissOffer': unavailable,
    'teamServer:signOut': unavailable,
  };
}
