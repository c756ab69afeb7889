/**
 * The harness's `test` over a calls environment (calls.environment.ts): a demo PBX and the AppCore the page
 * talks to, started for each test and stopped after it. `env` is the environment; `appCore` is its core.
 */
import {
  startCallsEnvironment,
  type CallsEnvironment,
  type CallsEnvironmentOptions,
} from './calls.environment';
import { test as harness } from './fixtures';

export function callsTest(options: CallsEnvironmentOptions) {
  return harness.extend<{ env: CallsEnvironment }>({
    // eslint-disable-next-line no-empty-pattern -- Playwright requires a destructured first argument.
    env: async ({}, use) => {
      const env = await startCallsEnvironment(options);
      await use(env);
      await env.close();
    },
    appCore: async ({ env }, use) => use(env.core),
  });
}
