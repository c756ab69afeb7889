export { startBrowserSignIn, type BrowserSignIn, type BrowserSignInOptions } from './browserSignIn';
export {
  enrollWithLink,
  readEnrollmentLink,
  readPageKey,
  type EnrollOptions,
  type RemoteCredential,
} from './enrollment';
export { RemoteCore, type RemoteCoreDeps } from './remoteCore';
export { REMOTE_RECONNECT, type RemoteLinkStatus } from './remoteLink';
export { createServerDispatcher, type ServerDispatcherOptions } from './serverTrust';
export {
  OfflineDirectory,
  offlineDirectoryFile,
  removeOfflineDirectory,
  type OfflineDirectoryOptions,
} from './offlineDirectory';
