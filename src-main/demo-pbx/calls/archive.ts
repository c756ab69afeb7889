/** What the PBX keeps of a call when it ends: the recording flag, the AI results to come, tags, after-call work. */
import type { Random } from '../random';
import { generateConversation } from './conversation';
import type { CallDirectory } from './directory';
import type { LiveCall } from './liveCall';
import type { EndedCall } from './records';
import { talkSeconds } from './timing';

/** Only answered calls with an outside party are recorded (and so transcribed); internal calls are not. */
export function archiveCall(call: LiveCall, directory: CallDirectory, random: Random): EndedCall {
  const recorded = call.connectedMs !== null && call.remote.kind === 'external';
  const tags = directory.tags();
  // Most recorded calls get a tag or two, as the AI or the agent would add them.
  const tagCount = recorded && tags.length > 0 ? random.pick([0, 1, 1, 2]) : 0;
  const tagIds = [...new Set(Array.from({ length: tagCount }, () => random.pick(tags).id))];
  const content = recorded
    ? generateConversation(
        {
          direction: call.direction,
          language: call.language,
          agentName: call.phone.user?.displayname ?? '',
          customerName: call.remote.name,
          talkSeconds: talkSeconds(call, call.endedMs ?? call.createdMs),
        },
        random,
      )
    : null;
  const acwSeconds = call.queue && call.connectedMs !== null ? random.int(5, 40) : 0;
  return { call, recorded, content, tagIds, acwSeconds };
}
