/** The queues take the agent's PBX user from the connection area's AgentDirectory, and say why there is none. */
import { describe, expect, it } from 'vitest';
import { queuesAgentOf, queuesAgentProblem } from '../../../src-main/app/queues/queuesAgent';
import type { AgentProfile } from '../../../src-main/app/connection/agentDirectory';

const profile: AgentProfile = {
  id: 3,
  username: 'eva.dvorakova',
  displayName: 'Eva Dvořáková',
  active: true,
  groupId: 4,
  teamId: 2,
  locale: 'cs_CZ',
  primaryExtension: 12,
  callerNumber: '',
  softphoneDeviceId: null,
};

describe('the queues’ agent', () => {
  it('is the resolved PBX user: id, username and team', () => {
    const state = { status: 'known', username: 'eva.dvorakova', profile, resolvedAt: 1 } as const;
    expect(queuesAgentOf(state)).toEqual({ id: 3, username: 'eva.dvorakova', teamId: 2 });
    expect(queuesAgentProblem(state)).toBeUndefined();
  });

  it('is none while unknown, with the reason', () => {
    expect(queuesAgentOf({ status: 'resolving', username: 'eva' })).toBeUndefined();
    expect(queuesAgentProblem({ status: 'resolving', username: 'eva' })).toBeUndefined();
    expect(queuesAgentProblem({ status: 'none', username: null })?.message).toMatch(/agent username/);
    const unknown = { status: 'unknown', username: 'eva', message: 'The PBX has no user “eva”.' } as const;
    expect(queuesAgentProblem(unknown)).toMatchObject({
      code: 'not-configured',
      message: 'The PBX has no user “eva”.',
    });
  });
});
