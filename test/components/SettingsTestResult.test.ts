/** "Test connection" words each trunk's status (1 up, 0 down, as docs/pbx-api.md decides) with its code. */
import '@testing-library/jest-dom/vitest';
import { render, screen, within } from '@testing-library/svelte';
import { afterEach, describe, expect, it } from 'vitest';
import type { ConnectionTestResult } from '../../src-main/shared/contract';
import { setActiveLocale } from '../../src-main/shared/i18n';
import SettingsTestResult from '../../src-renderer/components/settings/SettingsTestResult.svelte';

afterEach(() => setActiveLocale('en'));

const result: ConnectionTestResult = {
  success: true,
  tokenLifetimeSeconds: 3600,
  pbx: {
    components: [],
    trunks: [
      { id: '1', name: 'O2 SIP trunk', status: 1, rtt: 21 },
      { id: '3', name: 'Backup GSM gateway', status: 0, rtt: 0 },
      { id: '4', name: 'Lab trunk', status: 7, rtt: 3 },
    ],
    phones: [],
  },
};

describe('the connection test’s trunks', () => {
  it('says in words whether each trunk is up, with the PBX’s code beside it', () => {
    setActiveLocale('cs');
    render(SettingsTestResult, { result });
    const row = (name: string) => screen.getByRole('row', { name: new RegExp(`^${name}`) });
    expect(within(row('O2 SIP trunk')).getAllByRole('cell')[0]).toHaveTextContent(/^V provozu \(1\)$/);
    expect(within(row('Backup GSM gateway')).getAllByRole('cell')[0]).toHaveTextContent(
      /^Mimo provoz \(0\)$/,
    );
    expect(within(row('Lab trunk')).getAllByRole('cell')[0]).toHaveTextContent(/^Neznámý \(7\)$/);
  });
});
