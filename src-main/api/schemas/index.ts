/** The PBX API as zod schemas: the one description of every resource and request (docs/pbx-api.md). */
export * from './common';
export * from './auth';
export * from './system';
export * from './calls';
export * from './users';
export * from './crm';
export * from './misc';
