/**
 * The phone the Settings picker pre-selects for the agent: the agent's main line (`primary_extension`), else
 * their softphone (`wssip_device_id`), when either is among the phones the PBX listed.
 */
import type { PhoneChoice } from '../../src-main/shared/contract';

export function preferredPhone(
  choices: readonly PhoneChoice[],
  agent: { primaryExtension?: number | null; softphoneDeviceId?: number | null } | null,
): PhoneChoice | undefined {
  if (!agent) return undefined;
  for (const extensionId of [agent.primaryExtension, agent.softphoneDeviceId]) {
    const choice =
      extensionId == null ? undefined : choices.find((phone) => phone.extensionId === extensionId);
    if (choice) return choice;
  }
  return undefined;
}
