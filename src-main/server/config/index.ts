export * from './loadServerConfig';
export * from './serverConfigSchema';
