import '@testing-library/jest-dom/vitest';
import { render, screen } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import CallerNumber from '../../src-renderer/components/CallerNumber.svelte';
import { installFakeRingside, ok } from './fakeRingside';

describe('CallerNumber', () => {
  it('says the number outside parties see', async () => {
    installFakeRingside({ 'dial:callerNumber': () => ok({ display: '+420 224 812 345' }) });
    render(CallerNumber);
    expect(await screen.findByTestId('caller-number')).toHaveTextContent(
      'Outside calls show your number as +420 224 812 345',
    );
  });

  it('says nothing when the PBX sets none', async () => {
    installFakeRingside({ 'dial:callerNumber': () => ok(null) });
    render(CallerNumber);
    await Promise.resolve();
    expect(screen.queryByTestId('caller-number')).toBeNull();
  });
});
