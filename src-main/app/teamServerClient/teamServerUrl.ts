/**
 * The one check of a team server's address, for Settings ▸ Connection (`teamServer:choose`) and the managed
 * policy alike: an https origin, or http only for a server on this computer (as for a PBX). The answer is the
 * origin (`https://ringside.example.com`), which is also what the session in the keychain is filed under.
 */
import { AppError, type ErrorParams } from '../../shared/contract';
import { t } from '../../shared/i18n';
import { isLoopbackHost } from '../../shared/loopback';

/** A choice of team server this computer cannot make: a bad address, or one a managed policy forbids. */
export class TeamServerChoiceRefused extends AppError {
  constructor(
    readonly code: 'invalid-argument' | 'forbidden',
    message: string,
    /** `field: 'certificatePem'` when the certificate, not the address, is the problem. */
    params?: ErrorParams,
  ) {
    super(message, params);
  }
}

/** The server's origin, or TeamServerChoiceRefused (`invalid-argument`) with a sentence naming the problem. */
export function checkTeamServerUrl(text: string): string {
  const trimmed = text.trim();
  if (trimmed === '')
    throw new TeamServerChoiceRefused('invalid-argument', t('teamServerClient.urlRequired'));
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`);
  } catch {
    throw new TeamServerChoiceRefused('invalid-argument', t('teamServerClient.urlInvalid', { url: trimmed }));
  }
  if (url.protocol === 'http:' && isLoopbackHost(url.hostname)) return url.origin;
  if (url.protocol !== 'https:') {
    throw new TeamServerChoiceRefused('invalid-argument', t('teamServerClient.urlHttpOnlyLoopback'));
  }
  return url.origin;
}
