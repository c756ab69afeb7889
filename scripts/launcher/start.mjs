#!/usr/bin/env node
// `npm start` and `npm run dev` (with --dev): see launch.mjs and docs/starting.md.
import { join } from 'node:path';
import { launch } from './launch.mjs';

const exitCode = await launch({
  args: process.argv.slice(2),
  projectRoot: join(import.meta.dirname, '..', '..'),
});
// Exit now rather than when idle connections close (the reachability probe may leave one open).
process.exit(exitCode);
