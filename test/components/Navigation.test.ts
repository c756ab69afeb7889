import '@testing-library/jest-dom/vitest';
import { fireEvent, render, screen, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import Navigation from '../../src-renderer/components/Navigation.svelte';
import { screens, type ScreenDefinition } from '../../src-renderer/lib/screens';
import AboutView from '../../src-renderer/views/AboutView.svelte';
import { PLANNED_SCREENS } from '../fixtures/screens';

/** Every planned screen is built now, in this order. */
const plannedOrder = [...PLANNED_SCREENS];

function sample(id: string, section: ScreenDefinition['section']): ScreenDefinition {
  return { id, label: id[0]!.toUpperCase() + id.slice(1), icon: 'about', section, view: AboutView };
}

describe('Navigation', () => {
  it("offers the app's screens in the planned order", () => {
    render(Navigation, { screens, currentId: screens[0].id });
    const links = within(screen.getByRole('navigation', { name: 'Main' })).getAllByRole('link');
    expect(links.map((link) => link.textContent?.trim())).toEqual(screens.map((entry) => entry.label));
    expect(screens.map((entry) => entry.label)).toEqual(plannedOrder);
  });

  it('links each screen by its fragment and marks the current one', () => {
    const list = [sample('dial', 'work'), sample('calls', 'work'), sample('about', 'app')];
    render(Navigation, { screens: list, currentId: 'calls' });
    expect(screen.getByRole('link', { name: 'Dial' })).toHaveAttribute('href', '#/dial');
    expect(screen.getByRole('link', { name: 'Calls' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Dial' })).not.toHaveAttribute('aria-current');
  });

  it('moves focus with the arrow keys, Home and End, across both sections', async () => {
    const list = [sample('dial', 'work'), sample('calls', 'work'), sample('about', 'app')];
    render(Navigation, { screens: list, currentId: 'dial' });
    screen.getByRole('link', { name: 'Dial' }).focus();
    // Each key, pressed on the focused link, and the link that should have focus after it (wrapping round).
    const steps = [
      ['ArrowDown', 'Calls'],
      ['ArrowDown', 'About'],
      ['ArrowDown', 'Dial'],
      ['ArrowUp', 'About'],
      ['Home', 'Dial'],
      ['End', 'About'],
    ] as const;
    for (const [key, expected] of steps) {
      await fireEvent.keyDown(document.activeElement!, { key });
      expect(screen.getByRole('link', { name: expected }), `${key} → ${expected}`).toHaveFocus();
    }
  });
});
