/** Who administers the team server, from the PBX user as the PBX returns it. */
import { describe, expect, it } from 'vitest';
import { isAdministrator, type AdministratorCandidate } from '../../../../src-main/server/policy';

const config = { admins: { usernames: ['Petr.Admin'], pbxGroupIds: [10], pbxRoleIds: [3] } };
const agent: AdministratorCandidate = { username: 'jana.novakova', group_id: 2, role_id: 5, active: true };

describe('isAdministrator', () => {
  it('is false for an agent named nowhere', () => {
    expect(isAdministrator(agent, config)).toBe(false);
    expect(isAdministrator({ ...agent, role_id: null }, config)).toBe(false);
  });

  it('names administrators by PBX user name, without regard to case', () => {
    expect(isAdministrator({ ...agent, username: 'petr.admin' }, config)).toBe(true);
    expect(isAdministrator({ ...agent, username: 'petr.admin2' }, config)).toBe(false);
  });

  it('makes every member of a listed PBX group or role an administrator', () => {
    expect(isAdministrator({ ...agent, group_id: 10 }, config)).toBe(true);
    expect(isAdministrator({ ...agent, role_id: 3 }, config)).toBe(true);
  });

  it('never counts a deactivated PBX user', () => {
    expect(isAdministrator({ ...agent, username: 'Petr.Admin', active: false }, config)).toBe(false);
  });

  it('has no administrators when the configuration names none', () => {
    const none = { admins: { usernames: [], pbxGroupIds: [], pbxRoleIds: [] } };
    expect(isAdministrator({ ...agent, group_id: 10, role_id: 3 }, none)).toBe(false);
  });
});
