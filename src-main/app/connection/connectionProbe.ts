/**
 * Talking to a PBX with values the user has typed but not saved: "Test connection" (a token, then
 * GET /status), and the phone picker and agent check during onboarding. Each uses a short-lived client of
 * its own, so the live connection is never disturbed. An empty secret field means the stored secret, but
 * only for the saved connection itself: the same client id, PBX URL and trusted certificate. A draft that
 * changes the URL (a path on the same host) or pins another certificate could otherwise hand the stored
 * secret to a server it was never meant for, so then the secret must be typed.
 */
import { InvalidArgument, PbxClient, type PbxClientConfig } from '../../api';
import type { Status } from '../../api/schemas';
import type { Clock } from '../../shared/clock';
import type {
  ConnectionDraft,
  ConnectionTestResult,
  PbxStatusSummary,
  PhoneChoice,
  Settings,
} from '../../shared/contract';
import { t } from '../../shared/i18n';
import type { Logger } from '../../shared/logger';
import { describeConnectionFailure } from './describeConnectionFailure';
import type { PbxTransport } from './pbxTransport';
import { readSecret, secretAccount, type SecretStore } from '../settings/secretStore';
import { checkCertificate, checkPbxUrl } from '../settings/settingsSchema';

export interface ConnectionProbeDeps {
  clock: Clock;
  logger: Logger;
  transport: PbxTransport;
  secrets: SecretStore;
  /** The connection in the saved settings, whose secret is the one stored. */
  savedConnection: () => SavedConnection;
  clientOptions?: Pick<PbxClientConfig, 'retry' | 'timeoutMs'>;
}

export type SavedConnection = Pick<Settings, 'baseUrl' | 'clientId' | 'trustedCertificatePem'>;

type CheckedDraft = { baseUrl: string; clientId: string; trustedCertificatePem: string | null };

/**
 * Whether a checked draft reaches the saved PBX the saved way: what the secret is filed under (the API root
 * and the pinned certificates, see secretStore.ts) is the same.
 */
function reachesSavedPbx(saved: SavedConnection, draft: CheckedDraft): boolean {
  const accountOf = ({ clientId, baseUrl, trustedCertificatePem }: SavedConnection) =>
    secretAccount(clientId, baseUrl, trustedCertificatePem);
  return accountOf(saved) === accountOf(draft);
}

/** A draft that cannot be tried yet; `field` is the one to fill in or correct. */
export class DraftIncomplete extends InvalidArgument {
  constructor(
    readonly field: 'baseUrl' | 'clientId' | 'secret' | 'trustedCertificatePem',
    message: string,
  ) {
    super(message);
  }
}

const KNOWN_STATUS_KEYS = new Set(['success', 'trunks', 'phones']);

/** GET /status arranged for tables: every numeric top-level counter is a component. */
export function summariseStatus(status: Status): PbxStatusSummary {
  return {
    components: Object.entries(status)
      .filter(([name, value]) => !KNOWN_STATUS_KEYS.has(name) && typeof value === 'number')
      .map(([name, value]) => ({ name, value: value as number })),
    trunks: Object.entries(status.trunks).map(([id, trunk]) => ({
      id,
      name: trunk.name,
      status: trunk.status,
      rtt: trunk.rtt,
    })),
    phones: Object.entries(status.phones).map(([groupId, phones]) => ({
      groupId,
      name: phones.name,
      configured: phones.configured,
      available: phones.available,
      dead: phones.dead,
      paired: phones.paired,
    })),
  };
}

/** Extensions of type phone as choices; the PBX lists no partition, so the documented default 1 is used. */
export async function listPhones(client: PbxClient): Promise<PhoneChoice[]> {
  const extensions = await client.extensions({ type: 'phone' });
  return extensions
    .filter((extension) => extension.type === 'phone')
    .map((extension) => ({
      extensionId: extension.id,
      number: extension.number,
      name: extension.name,
      groupId: extension.group_id,
      selector: { extension: extension.number, partition: 1 },
    }))
    .sort((a, b) => a.number.localeCompare(b.number, undefined, { numeric: true }));
}

export class ConnectionProbe {
  constructor(private readonly deps: ConnectionProbeDeps) {}

  /** Runs `use` with a client for the draft, and releases the client afterwards. */
  async withDraftClient<T>(draft: ConnectionDraft, use: (client: PbxClient) => Promise<T>): Promise<T> {
    const { baseUrl, clientId, secret, trustedCertificatePem } = await this.resolve(draft);
    const transport = this.deps.transport.open({ baseUrl, trustedCertificatePem });
    try {
      const client = new PbxClient({
        ...this.deps.clientOptions,
        baseUrl,
        clientId,
        clientSecret: secret,
        fetch: transport.fetch,
        clock: this.deps.clock,
        logger: this.deps.logger,
      });
      return await use(client);
    } finally {
      await transport.close();
    }
  }

  /** A token, then GET /status; each failure with its own kind, message and field. */
  async test(draft: ConnectionDraft): Promise<ConnectionTestResult> {
    let stage: 'settings' | 'token' | 'status' = 'settings';
    try {
      return await this.withDraftClient(draft, async (client) => {
        stage = 'token';
        const token = await client.authenticate();
        stage = 'status';
        const status = await client.status();
        return { success: true, tokenLifetimeSeconds: token.expiresInSeconds, pbx: summariseStatus(status) };
      });
    } catch (error) {
      if (error instanceof DraftIncomplete) {
        return {
          success: false,
          stage,
          failure: {
            kind: error.field === 'baseUrl' ? 'invalid-url' : 'missing-credentials',
            message: error.message,
            field: error.field,
          },
        };
      }
      return { success: false, stage, failure: describeConnectionFailure(error) };
    }
  }

  private async resolve(draft: ConnectionDraft) {
    const attempt = <T>(field: DraftIncomplete['field'], check: () => T): T => {
      try {
        return check();
      } catch (error) {
        if (error instanceof InvalidArgument) throw new DraftIncomplete(field, error.message);
        throw error;
      }
    };
    if (draft.baseUrl.trim() === '') throw new DraftIncomplete('baseUrl', t('validation.enterPbxUrl'));
    const baseUrl = attempt('baseUrl', () => checkPbxUrl(draft.baseUrl));
    const clientId = draft.clientId.trim();
    if (clientId === '') {
      throw new DraftIncomplete('clientId', t('validation.enterClientId'));
    }
    const trustedCertificatePem = attempt('trustedCertificatePem', () =>
      checkCertificate(draft.trustedCertificatePem ?? null, new Date(this.deps.clock.now())),
    );
    const secret = draft.secret || (await this.storedSecretFor({ baseUrl, clientId, trustedCertificatePem }));
    return { baseUrl, clientId, secret, trustedCertificatePem };
  }

  /** The stored secret, for the saved connection only; otherwise the field must be filled in. */
  private async storedSecretFor(draft: CheckedDraft): Promise<string> {
    const saved = this.deps.savedConnection();
    const stored =
      saved.baseUrl && saved.clientId.trim() === draft.clientId
        ? await readSecret(this.deps.secrets, saved, { takeOverLegacy: true })
        : null;
    if (!stored) throw new DraftIncomplete('secret', t('validation.enterSecret'));
    if (!reachesSavedPbx(saved, draft))
      throw new DraftIncomplete('secret', t('validation.enterSecretForChange'));
    return stored;
  }
}
