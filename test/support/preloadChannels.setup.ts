/** What electron.vite.config.ts writes into the preload at build time, for tests that load the preload. */
import { channelLists } from '../../src-main/shared/contract';

Object.assign(globalThis, { __RINGSIDE_CHANNELS__: channelLists() });
