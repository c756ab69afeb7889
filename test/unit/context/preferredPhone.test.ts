import { describe, expect, it } from 'vitest';
import type { PhoneChoice } from '../../../src-main/shared/contract';
import { preferredPhone } from '../../../src-renderer/lib/preferredPhone';

const phone = (extensionId: number): PhoneChoice => ({
  extensionId,
  number: String(200 + extensionId),
  name: `Phone ${extensionId}`,
  groupId: 1,
  selector: { extension: String(200 + extensionId), partition: 1 },
});

describe('preferredPhone', () => {
  const phones = [phone(1), phone(2), phone(3)];

  it('is the agent’s main line, else their softphone, when the PBX listed it', () => {
    expect(preferredPhone(phones, { primaryExtension: 2, softphoneDeviceId: 3 })).toBe(phones[1]);
    expect(preferredPhone(phones, { primaryExtension: 9, softphoneDeviceId: 3 })).toBe(phones[2]);
    expect(preferredPhone(phones, { primaryExtension: null, softphoneDeviceId: null })).toBeUndefined();
    expect(preferredPhone(phones, null)).toBeUndefined();
  });
});
