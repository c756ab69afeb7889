/**
 * The Playwright test of specs about calls: each test gets its own calls environment (calls.environment.ts:
 * a demo PBX, the real AppCore connected to it, polling every 250 ms), and the page talks to that AppCore.
 */
import { startCallsEnvironment, type CallsEnvironment } from './calls.environment';
import { test as harness } from './fixtures';

export const callsTest = harness.extend<{ env: CallsEnvironment }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright requires a destructured first argument.
  env: async ({}, use) => {
    const env = await startCallsEnvironment({ pollIntervalMs: 250 });
    await use(env);
    await env.close();
  },
  appCore: async ({ env }, use) => use(env.core),
});
