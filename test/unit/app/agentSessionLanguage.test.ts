/**
 * The PBX's own texts, shared by every agent on it, reach each agent session in that agent's language: the
 * connection state and why the directory cannot sync, answered and announced.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { EventListener } from '../../../src-main/app/eventHub';
import { PbxServices } from '../../../src-main/app/pbx/pbxServices';
import type { Events } from '../../../src-main/shared/contract';
import { createTranslator, type LanguageChoice } from '../../../src-main/shared/i18n';
import { systemClock } from '../../../src-main/shared/clock';
import { silentLogger } from '../../../src-main/shared/logger';
import { agentSession } from './agentSessions';

const disposers: (() => unknown)[] = [];
afterEach(async () => {
  for (const dispose of disposers.splice(0).reverse()) await dispose();
});

function pbxWithoutConnection(): PbxServices {
  const services = new PbxServices({ clock: systemClock, logger: silentLogger, defaultCountry: () => 'CZ' });
  disposers.push(() => services.dispose());
  return services;
}

function session(services: PbxServices, language: LanguageChoice) {
  const agent = agentSession(services, { language });
  disposers.push(() => agent.dispose());
  const progress: Events['sync:progress'][] = [];
  const listener: EventListener = (channel, payload) => {
    if (channel === 'sync:progress') progress.push(payload as Events['sync:progress']);
  };
  agent.subscribe(listener);
  return { agent, progress };
}

const czech = createTranslator('cs');
const english = createTranslator('en');

describe("the PBX's texts in each agent's language", () => {
  it('words the connection state and a sync that cannot run for each agent', async () => {
    const services = pbxWithoutConnection();
    const alice = session(services, 'cs');
    const bob = session(services, 'en');
    expect(alice.agent.connectionState.message).toBe(czech.t('connection.noPbxConfigured'));
    expect(bob.agent.connectionState.message).toBe(english.t('connection.noPbxConfigured'));

    expect((await alice.agent.commands['sync:status']()).error).toBe(czech.t('connection.noPbxSetUp'));
    expect((await bob.agent.commands['sync:status']()).error).toBe(english.t('connection.noPbxSetUp'));
    // Announced by the PBX's own work, outside either session (in the process's English).
    services.directorySync.reset();
    await expect.poll(() => alice.progress.length).toBeGreaterThan(0);
    expect(alice.progress.at(-1)?.error).toBe(czech.t('connection.noPbxSetUp'));
    expect(bob.progress.at(-1)?.error).toBe(english.t('connection.noPbxSetUp'));
  });

  it('words them again when that agent switches, and only for that agent', async () => {
    const services = pbxWithoutConnection();
    const alice = session(services, 'en');
    const bob = session(services, 'en');
    await alice.agent.commands['settings:language']('sk');
    const slovak = createTranslator('sk');
    expect(alice.agent.connectionState.message).toBe(slovak.t('connection.noPbxConfigured'));
    expect(alice.progress.at(-1)?.error).toBe(slovak.t('connection.noPbxSetUp'));
    expect(bob.agent.connectionState.message).toBe(english.t('connection.noPbxConfigured'));
    expect(bob.progress).toEqual([]);
  });
});
