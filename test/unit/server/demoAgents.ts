/** The demo PBX's users who can be team-server agents with a phone: active, with a registered phone of their own. */
import { userDisplayName } from '../../../src-main/api/schemas';
import type { DemoPbx } from '../../../src-main/demo-pbx';

export interface DemoAgentUser {
  userId: number;
  username: string;
  /** Their name as the PBX shows it (display name, else first and last name). */
  displayName: string;
  extension: string;
  /** The PBX user's locale (`cs_CZ`): the language their page speaks. */
  locale: string;
}

/** The first `count` of them, in the seed's order; throws when the seed has fewer. */
export function demoAgentsWithPhones(demo: DemoPbx, count: number): DemoAgentUser[] {
  const organisation = demo.sim.state.organisation;
  const found: DemoAgentUser[] = [];
  for (const user of organisation.allUsers()) {
    const phone = organisation.phoneOfUser(user.id);
    if (!phone?.registered || !user.active || user.primary_extension === null) continue;
    found.push({
      userId: user.id,
      username: user.username,
      displayName: userDisplayName(user),
      extension: phone.extension,
      locale: user.locale,
    });
    if (found.length === count) return found;
  }
  throw new Error(`the demo seed has no ${count} agents with phones`);
}
