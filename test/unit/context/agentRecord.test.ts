import { describe, expect, it } from 'vitest';
import { demoDirectoryCore } from '../app/directoryFixtures';

describe("the agent's own record, through the core on the demo PBX", { timeout: 60_000 }, () => {
  const context = demoDirectoryCore();

  it("gives the number outside parties see and the team's after-call time", async () => {
    const { core } = context;
    await core.agentDirectory.settled();
    expect(await core.commands['dial:callerNumber']()).toEqual({ display: '+420 228 880 000' });
    expect(await core.commands['calls:afterCallSeconds']()).toBe(30);
  });

  it("gives a person's interactions and tasks as the PBX returns them, as text", async () => {
    const { core } = context;
    // Person 6: one of the demo persons with activity (demo-pbx/seed/personActivity.ts).
    const activity = await core.commands['directory:personActivity']({ id: 6 });
    expect(activity.interactions.length).toBeGreaterThan(0);
    expect(activity.interactions[0]).toEqual(
      expect.arrayContaining([expect.objectContaining({ key: 'subject' })]),
    );
  });

  it('gives a contact just created no interactions or tasks: a new contact has no history', async () => {
    const { core } = context;
    // Created one by one until an id that the demo's seeded persons would give activity (every third or so).
    for (let attempt = 0; attempt < 6; attempt++) {
      const created = await core.commands['directory:createPerson']({
        firstname: 'Nová',
        lastname: `Kontaktní ${attempt}`,
        contacts: [],
      });
      if (!created.saved) throw new Error('not saved');
      const activity = await core.commands['directory:personActivity']({ id: created.person.id });
      expect(activity).toEqual({ interactions: [], tasks: [], more: false });
    }
  });
});
