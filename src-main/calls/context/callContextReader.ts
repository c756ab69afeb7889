/**
 * What the call's key/value list needs beyond the call's data: the keys Settings lists first, and the call's
 * metadata (GET /metadata/{uniqueid}), read only when the PBX says the agent may see it: the call's `metadata` permission, asked by the agent's user name.
 * Ringside logs in as a superuser, so without that check it would show any call's metadata to anyone.
 */
import type { PbxClient } from '../../api';
import type { CallContextView, CallMetadataView } from '../../shared/contract';
import { errorMessage } from '../../shared/contract';
import { t } from '../../shared/i18n';
import type { Logger } from '../../shared/logger';

/** Short: the pop card waits for it. */
const READ_TIMEOUT_MS = 3_000;

export interface CallContextReaderDeps {
  client(): Pick<PbxClient, 'metadata' | 'permissions'> | undefined;
  /** The agent's PBX user name; undefined or '' when none is set. */
  agent(): string | undefined;
  /** Settings' "show first" keys. */
  firstKeys(): string[];
  logger: Logger;
}

export class CallContextReader {
  constructor(private readonly deps: CallContextReaderDeps) {}

  async read(uniqueid: string): Promise<CallContextView> {
    return { metadata: await this.metadata(uniqueid), firstKeys: this.deps.firstKeys() };
  }

  private async metadata(uniqueid: string): Promise<CallMetadataView> {
    const client = this.deps.client();
    if (!client) return { status: 'unavailable', message: t('control.contextNotConnected') };
    const agent = this.deps.agent()?.trim();
    if (!agent) return { status: 'not-permitted', message: t('control.contextNoAgent') };
    try {
      const options = { timeoutMs: READ_TIMEOUT_MS };
      const permissions = await client.permissions.byUsername(uniqueid, agent, options);
      if (!permissions.metadata)
        return { status: 'not-permitted', message: t('control.contextNotPermitted') };
      return { status: 'shown', metadata: await client.metadata.get(uniqueid, options) };
    } catch (error) {
      this.deps.logger.debug(`call ${uniqueid}: metadata not read: ${errorMessage(error)}`);
      return {
        status: 'unavailable',
        message: t('control.contextReadFailed', { detail: errorMessage(error) }),
      };
    }
  }
}
