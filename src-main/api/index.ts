/** The PBX API as code: the typed client, its errors, and the TLS pinning helpers. */
export { PbxClient, type PbxClientConfig } from './client';
export * from './errors';
export type { CallOptions } from './requester';
export type { FetchLike, FetchInit, FetchResponse, Sleep } from './http';
export { DEFAULT_TIMEOUT_MS } from './http';
export { DEFAULT_RETRY_POLICY, type RetryPolicy } from './retry';
export type { Credentials, TokenInfo } from './token';
export { resolvePbxUrls, type PbxUrls } from './urls';
export type { Page } from './endpoints/common';
export type { CallDetailOptions } from './endpoints/calls';
export type { VoicebotReplyOutcome } from './endpoints/misc';
export { verifyAgainstPin, certificateFingerprint, readPinnedCertificates, type PinVerdict } from './tls-pin';
export { createPinnedFetch, type PinnedFetch } from './pinned-fetch';
export { createUndiciFetch, type UndiciFetch } from './undici-fetch';
