export { enrollWithLink, type EnrollOptions, type RemoteCredential } from './enrollment';
export { RemoteCore, type RemoteCoreDeps } from './remoteCore';
export { REMOTE_RECONNECT, type RemoteLinkStatus } from './remoteLink';
export {
  OfflineDirectory,
  offlineDirectoryFile,
  removeOfflineDirectory,
  type OfflineDirectoryOptions,
} from './offlineDirectory';
