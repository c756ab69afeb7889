/** The PBX API as code: the typed client, its errors, and the fetch and TLS pinning helpers (http/). */
export { PbxClient, type PbxClientConfig } from './pbxClient';
export * from './errors';
export type { CallOptions } from './apiRequester';
export type { FetchLike, FetchInit, FetchResponse, Sleep } from './http/httpTransport';
export { DEFAULT_TIMEOUT_MS } from './http/httpTransport';
export { DEFAULT_RETRY_POLICY, type RetryPolicy } from './http/retry';
export type { Credentials, TokenInfo } from './tokenManager';
export { resolvePbxUrls, withDefaultScheme, type PbxUrls } from './urls';
export type { Page } from './endpoints/common';
export type { CallDetailOptions } from './endpoints/calls';
export type { VoicebotReplyOutcome } from './endpoints/misc';
export {
  verifyAgainstPin,
  certificateFingerprint,
  readPinnedCertificates,
  type PinVerdict,
} from './http/tlsPin';
export { createPinnedFetch, type PinnedFetch } from './http/pinnedFetch';
export { createUndiciFetch, type UndiciFetch } from './http/undiciFetch';
