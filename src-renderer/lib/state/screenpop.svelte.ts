/**
 * The pop cards: one per ringing inbound call (`screenpop:show`), replaced by its refreshed version
 * (`screenpop:updated`), gone when the agent dismisses it or the call ends. The newest card is shown; a
 * click on the OS notification (`screenpop:focus`) brings that call's card to the front and asks for focus.
 */
import type { ScreenPop } from '../../../src-main/shared/contract';
import { subscribe } from '../ringside';

export class ScreenPopState {
  /** Oldest first; the last one is on screen. */
  pops = $state<ScreenPop[]>([]);
  /** Set when the user asked to see a card (the notification click); the card takes the focus and clears it. */
  focusRequested = $state<string | null>(null);

  readonly current: ScreenPop | undefined = $derived(this.pops.at(-1));

  /** How many other calls are waiting behind the card on screen. */
  readonly waiting: number = $derived(Math.max(0, this.pops.length - 1));

  /** Starts following; returns the function that stops. */
  start(): () => void {
    const stops = [
      subscribe('screenpop:show', (pop) => {
        this.pops = [...this.without(pop.uniqueid), pop];
      }),
      subscribe('screenpop:updated', (pop) => {
        // Only a card still open is replaced: a dismissed call does not come back because its data changed.
        this.pops = this.pops.map((shown) => (shown.uniqueid === pop.uniqueid ? pop : shown));
      }),
      subscribe('calls:changed', (calls) => {
        const ongoing = calls.map((call) => call.uniqueid);
        if (this.pops.some((pop) => !ongoing.includes(pop.uniqueid))) {
          this.pops = this.pops.filter((pop) => ongoing.includes(pop.uniqueid));
        }
      }),
      subscribe('screenpop:focus', ({ uniqueid }) => {
        const pop = this.pops.find((shown) => shown.uniqueid === uniqueid);
        if (!pop) return;
        this.pops = [...this.without(uniqueid), pop];
        this.focusRequested = uniqueid;
      }),
    ];
    return () => stops.forEach((stop) => stop());
  }

  dismiss(uniqueid: string): void {
    this.pops = this.without(uniqueid);
    if (this.focusRequested === uniqueid) this.focusRequested = null;
  }

  private without(uniqueid: string): ScreenPop[] {
    return this.pops.filter((pop) => pop.uniqueid !== uniqueid);
  }
}
