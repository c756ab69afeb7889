import { describe, expect, it } from 'vitest';
import { defaultSettings, validateSettings } from '../../../src-main/app/settings/settingsSchema';
import { crmTemplateProblem } from '../../../src-main/shared/crmTemplate';

const NOT_LITERAL =
  "The CRM template must start with a fixed address (https:// and the server's name): placeholders may stand only in the path, query or fragment, never in the scheme, server or port.";

describe("the agent's own CRM templates", () => {
  it.each([
    ['https://crm.example/call?n={caller}&r={data.reason}', null],
    ['http://127.0.0.1:8080/p/{person_id}', null],
    ['https://crm.example/{nope}', 'The CRM template uses placeholders Ringside does not know: {nope}.'],
    ['http://crm.example/{caller}', 'The CRM link is not an https: address (or http: to this computer).'],
    ['javascript:alert({caller})', NOT_LITERAL],
    ['https://{data.tenant}/crm?n={caller}', NOT_LITERAL],
    ['https://crm.example:{data.port}/', NOT_LITERAL],
  ])('%s → %s', (template, problem) => {
    expect(crmTemplateProblem(template)).toBe(problem);
  });

  it('are checked when the settings are saved; empty means the team’s', () => {
    const settings = {
      ...defaultSettings(),
      defaultCountry: 'CZ',
      crmCallUrl: '  https://crm.example/{uniqueid} ',
      crmPersonUrl: '   ',
      crmOpenOnAnswer: true,
    };
    expect(validateSettings(settings, { requireConnection: false })).toMatchObject({
      ok: true,
      settings: { crmCallUrl: 'https://crm.example/{uniqueid}', crmPersonUrl: '', crmOpenOnAnswer: true },
    });
    const refused = validateSettings(
      { ...settings, crmPersonUrl: 'ftp://crm.example/{person_id}' },
      {
        requireConnection: false,
      },
    );
    expect(refused).toMatchObject({ ok: false, errors: { crmPersonUrl: expect.stringContaining('https:') } });
    const hostFromCallData = validateSettings(
      { ...settings, crmCallUrl: 'https://{data.tenant}/call/{uniqueid}' },
      { requireConnection: false },
    );
    expect(hostFromCallData).toMatchObject({ ok: false, errors: { crmCallUrl: NOT_LITERAL } });
  });
});
