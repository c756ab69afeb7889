import { afterAll, describe, expect, it } from 'vitest';
import { startDemoPbx } from '../../../src-main/demo-pbx';
import { checkCrmTemplate, expandCrmTemplate } from '../../../src-main/shared/crmTemplate';
import { demoPbxApi } from '../../support/demoPbxApi';

describe("the demo PBX's CRM", { timeout: 60_000 }, () => {
  const pbxStarted = startDemoPbx({ persons: 10, seed: 3, ringEverySeconds: 0 });
  afterAll(async () => (await pbxStarted).close());

  it("gives the demo agent's team templates that lead to its own page", async () => {
    const pbx = await pbxStarted;
    const teams = (await demoPbxApi(pbx)('GET', '/teams')) as Array<{
      id: number;
      tasks: { call_url: string | null; person_url: string | null };
    }>;
    const support = teams.find((team) => team.id === 2)!;
    for (const template of [support.tasks.call_url!, support.tasks.person_url!]) {
      expect(template.startsWith(`${pbx.authUrl}/demo-crm/`)).toBe(true);
      expect(checkCrmTemplate(template).ok).toBe(true);
    }
    expect(teams.find((team) => team.id === 3)!.tasks.call_url).toBeNull();

    const expansion = expandCrmTemplate(support.tasks.call_url!, {
      caller: '+420601123456',
      uniqueid: '17.1',
      data: { duvod: '<b>billing</b> & more' },
    });
    if (!expansion.ok) throw new Error(expansion.problem);
    const response = await fetch(expansion.url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'");
    const page = await response.text();
    expect(page).toContain('<th>caller</th><td>+420601123456</td>');
    expect(page).toContain('<th>reason</th><td>&#60;b&#62;billing&#60;/b&#62; &#38; more</td>');
  });
});
