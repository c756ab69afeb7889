/**
 * A team server for e2e specs, composed as `npm run server` composes it: the built renderer (out/renderer)
 * served against the real demo PBX, agents signed in in browser contexts of their own by opening their
 * enrollment links, each page in the language of the agent's PBX user. The team server can be stopped and
 * started again on its port and data directory while the demo PBX keeps running (a restart mid-call).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { demoPbxProfile } from '../../src-main/app/connection/connectionModeController';
import { nodeTransport } from '../../src-main/app/connection/pbxTransport';
import { startDemoPbx, type DemoPbx } from '../../src-main/demo-pbx';
import { composeTeamServer, type RunningTeamServer } from '../../src-main/server/composeTeamServer';
import { NO_ADMINISTRATORS } from '../../src-main/server/policy/administrators';
import { systemClock } from '../../src-main/shared/clock';
import type { Translator } from '../../src-main/shared/i18n';
import { silentLogger } from '../../src-main/shared/logger';
import { TestClient } from '../conformance/helpers';
import { demoAgentsWithPhones, type DemoAgentUser } from '../unit/server/demoAgents';
import { words } from './support-i18n/screenWalk';

export interface DemoAgent extends DemoAgentUser {
  /** The agent's page speaks the language of their PBX user (Settings ▸ Language ▸ Automatic). */
  say: Translator;
}

export interface E2eTeamServer {
  demo: DemoPbx;
  /** The team server running now (another one after each `startServer`). */
  server: RunningTeamServer;
  /** Demo users with registered phones of their own, as many as asked for. */
  agents: DemoAgent[];
  /** Stops the team server alone, as its process stopping would: the demo PBX and its calls go on. */
  stopServer(): Promise<void>;
  /** Starts the team server again on the same port with the same data directory; resolves once it listens. */
  startServer(): Promise<void>;
  stop(): Promise<void>;
}

/** The display language of a PBX locale (cs_CZ → cs); English for any other. */
const languageOf = (locale: string) =>
  locale.startsWith('cs') ? 'cs' : locale.startsWith('sk') ? 'sk' : 'en';

/**
 * `pollIntervalMs`: each agent's call monitor (GET /call); `administrator`: which of the agents (by index)
 * administers the server (none when absent).
 */
export async function startE2eTeamServer(options: {
  agents: number;
  pollIntervalMs: number;
  administrator?: number;
}): Promise<E2eTeamServer> {
  const demo = await startDemoPbx({ persons: 20, ringEverySeconds: 0 });
  const agents = demoAgentsWithPhones(demo, options.agents).map((agent) => ({
    ...agent,
    say: words(languageOf(agent.locale)),
  }));
  const dataDirectory = mkdtempSync(join(tmpdir(), 'ringside-team-e2e-'));
  const compose = (port: number) =>
    composeTeamServer({
      dataDirectory,
      pbx: demoPbxProfile(demo),
      country: demo.country,
      host: '127.0.0.1',
      port,
      rendererDirectory: join(process.cwd(), 'out', 'renderer'),
      transport: nodeTransport,
      clock: systemClock,
      logger: silentLogger,
      audit: { record: () => {} },
      administrators:
        options.administrator === undefined
          ? NO_ADMINISTRATORS
          : { ...NO_ADMINISTRATORS, usernames: [agents[options.administrator]!.username] },
      build: {
        name: 'ringside-server',
        version: '0.0.0-e2e',
        platform: process.platform,
        versions: { node: process.versions.node },
      },
      tuning: { settingsDefaults: { pollIntervalMs: options.pollIntervalMs } },
    });
  let running: RunningTeamServer | null = await compose(0);
  const port = Number(new URL(running.server.origin).port);
  const team: E2eTeamServer = {
    demo,
    server: running,
    agents,
    async stopServer() {
      await running?.stop();
      running = null;
    },
    async startServer() {
      running = await compose(port);
      team.server = running;
    },
    async stop() {
      await running?.stop();
      await demo.close();
      rmSync(dataDirectory, { recursive: true, force: true });
    },
  };
  return team;
}

/** A team server for the spec file's tests (serial): started before them, stopped after them. */
export function teamServerForFile(options: Parameters<typeof startE2eTeamServer>[0]): () => E2eTeamServer {
  let team: E2eTeamServer | undefined;
  test.describe.configure({ mode: 'serial' });
  test.beforeAll(async () => {
    team = await startE2eTeamServer(options);
  });
  test.afterAll(async () => {
    await team?.stop();
  });
  return () => team!;
}

/** A browser of its own for `agent`, signed in by opening the enrollment link an administrator issued. */
export async function signedInPage(browser: Browser, team: E2eTeamServer, agent: DemoAgent): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const { url } = team.server.server.enrollment.issue(agent.username, 'e2e administrator');
  await page.goto(url);
  // The enrollment page redeems the link and moves on to the app, in the agent's language.
  const calls = agent.say.t('app.screenCalls');
  await page.getByRole('navigation').getByRole('link', { name: calls }).click({ timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1, name: calls })).toBeVisible();
  return page;
}

/** An inbound call rings `agent`'s phone (the demo PBX's control interface); its uniqueid. */
export async function ring(team: E2eTeamServer, agent: DemoAgent, from: string): Promise<string> {
  const response = await new TestClient(team.demo).post('/_sim/calls/inbound', {
    to: { extension: agent.extension },
    from,
  });
  expect(response.body.success).toBe(true);
  return response.body.data.uniqueid as string;
}
