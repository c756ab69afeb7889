/**
 * The trusted certificate from Settings in the Electron app: the session's certificate verify procedure
 * trusts it for the PBX's host only, while a connection that pinned it is open; everywhere else Chromium's
 * own verdict stands. Certificates made by openssl for this run.
 */
import { describe, expect, it, vi } from 'vitest';
import {
  createElectronTransport,
  VERIFY,
  type VerifyRequestLike,
} from '../../../src-main/shell/pbxTransport';
import { selfSignedCertificate } from '../app/helpers';
import { spyLogger } from '../../support/spyLogger';

const pbxCertificate = selfSignedCertificate('pbx.example.internal');
const otherCertificate = selfSignedCertificate('other.example.internal');

function fakeSession() {
  let proc: ((request: VerifyRequestLike, callback: (result: number) => void) => void) | null = null;
  return {
    setCertificateVerifyProc: vi.fn((next: typeof proc) => {
      proc = next;
    }),
    closeAllConnections: vi.fn(async () => {}),
    verify(request: Partial<VerifyRequestLike>): number {
      let result = NaN;
      proc!(
        {
          hostname: 'pbx.example.internal',
          verificationResult: 'net::ERR_CERT_AUTHORITY_INVALID',
          certificate: { data: pbxCertificate },
          ...request,
        },
        (value) => (result = value),
      );
      return result;
    },
  };
}

describe('the trusted certificate in the Electron app', () => {
  it('trusts the pinned certificate for the PBX host while the connection is open, and only then', async () => {
    const session = fakeSession();
    const transport = createElectronTransport(session, vi.fn(), spyLogger());
    expect(session.verify({})).toBe(VERIFY.useChromium);

    const handle = transport.open({
      baseUrl: 'https://PBX.example.internal:8443',
      trustedCertificatePem: pbxCertificate,
    });
    expect(session.verify({})).toBe(VERIFY.trust);
    expect(session.closeAllConnections).toHaveBeenCalled();

    await handle.close();
    expect(session.verify({})).toBe(VERIFY.useChromium);
  });

  it("leaves Chromium's verdict for other hosts, other certificates and certificates it already trusts", () => {
    const session = fakeSession();
    const logger = spyLogger();
    createElectronTransport(session, vi.fn(), logger).open({
      baseUrl: 'https://pbx.example.internal',
      trustedCertificatePem: pbxCertificate,
    });
    expect(session.verify({ hostname: 'elsewhere.example.com' })).toBe(VERIFY.useChromium);
    expect(session.verify({ certificate: { data: otherCertificate } })).toBe(VERIFY.useChromium);
    expect(logger.warn).toHaveBeenCalledWith(expect.stringMatching(/not trusted: .*neither the pinned one/));
    expect(session.verify({ verificationResult: 'OK', certificate: { data: otherCertificate } })).toBe(
      VERIFY.useChromium,
    );
  });

  it('sends requests through the given fetch (net.fetch in the app)', async () => {
    const netFetch = vi.fn(async () => new Response('{}'));
    const handle = createElectronTransport(fakeSession(), netFetch, spyLogger()).open({
      baseUrl: 'https://pbx.example.internal',
      trustedCertificatePem: null,
    });
    const init = {
      method: 'GET',
      headers: {},
      signal: new AbortController().signal,
      redirect: 'manual' as const,
    };
    await handle.fetch('https://pbx.example.internal/api/v1.0/status', init);
    expect(netFetch).toHaveBeenCalledWith('https://pbx.example.internal/api/v1.0/status', init);
  });
});
