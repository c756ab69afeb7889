/** The demo PBX: a faithful simulator of the PBX API, embedded (startDemoPbx) or standalone (cli.ts). */
export { startDemoPbx, API_PREFIX, type DemoPbx, type DemoPbxSim } from './server';
export { DEFAULT_OPTIONS, type DemoPbxOptions } from './options';
