/** The demo PBX's call simulation: the engine, what it needs from the directory, and its HTTP routes. */
export { CallEngine } from './engine';
export type { CallEngineDependencies, InboundCallRequest } from './engine';
export { DEFAULT_CALL_ENGINE_OPTIONS, type CallEngineOptions } from './options';
export type {
  CallAccess,
  CallDirectory,
  CallerContact,
  CallGroup,
  CallPhone,
  CallQueue,
  CallTagInfo,
  CallUser,
  UserRef,
} from './directory';
export { STANDARD_CALL_ACCESS } from './permissions';
export { CallError } from './errors';
export {
  callApiRoutes,
  callApiV2Routes,
  callSimRoutes,
  registerCallRoutes,
  DEFAULT_CALL_ROUTE_PREFIXES,
} from './routes';
export type { CallRoutePrefixes, CallRoutesOptions } from './routes';
