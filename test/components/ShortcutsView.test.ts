import '@testing-library/jest-dom/vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { beforeEach, describe, expect, it } from 'vitest';
import App from '../../src-renderer/App.svelte';
import { SHORTCUT_GROUPS } from '../../src-renderer/lib/shortcuts';
import { setAppHost } from '../../src-renderer/lib/transport/appHost';
import ShortcutsView from '../../src-renderer/views/ShortcutsView.svelte';
import { t } from '../../src-main/shared/i18n';
import { filesUnder } from '../support/findInFiles';
import { appInfo, offline, settingsView } from './appFixtures';
import { installFakeRingside, ok } from './fakeRingside';

describe('ShortcutsView', () => {
  it('lists every shortcut of the one list, by group, with its keys', async () => {
    installFakeRingside({ 'settings:get': () => ok(settingsView()) });
    render(ShortcutsView);
    expect(screen.getByRole('heading', { level: 1, name: 'Keyboard shortcuts' })).toHaveFocus();
    for (const group of SHORTCUT_GROUPS) {
      const table = screen.getByRole('table', { name: t(group.title) });
      const rows = within(table).getAllByRole('row').slice(1);
      expect(rows.map((row) => within(row).getByRole('cell').textContent)).toEqual(
        group.shortcuts.map((shortcut) => t(shortcut.action)),
      );
    }
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Navigation',
      'Calls',
      'Dialling',
      'Lists',
      'Dialogs',
    ]);
    const show = screen.getByRole('row', { name: /Show this list of keyboard shortcuts/ });
    expect(show.querySelector('kbd')).toHaveTextContent('?');
    // An arrow key cap shows the arrow and says its name.
    const next = screen.getByRole('row', { name: /next or previous screen in the sidebar/ });
    expect(next.querySelector('kbd')).toHaveTextContent('↓Down arrow');
  });

  it('shows the global dial shortcut as Settings has it, and follows a change', async () => {
    const fake = installFakeRingside({
      'settings:get': () => ok(settingsView({ dialShortcut: 'CommandOrControl+Shift+D' })),
    });
    render(ShortcutsView);
    const keys = await screen.findByTestId('dial-shortcut');
    expect([...keys.querySelectorAll('kbd')].map((key) => key.textContent)).toEqual(['Ctrl', 'Shift', 'D']);
    fake.emit('settings:changed', settingsView({ dialShortcut: '' }));
    await waitFor(() => expect(screen.queryByTestId('dial-shortcut')).toBeNull());
    const row = screen.getByRole('row', { name: /selected text/ });
    expect(row).toHaveTextContent('Not set');
    expect(within(row).getByRole('link', { name: 'Set it in Settings' })).toHaveAttribute(
      'href',
      '#/settings',
    );
  });

  it('says the global dial shortcut is for the desktop app, in a browser', () => {
    installFakeRingside({ 'settings:get': () => ok(settingsView({ dialShortcut: 'Alt+D' })) });
    setAppHost('browser');
    try {
      render(ShortcutsView);
      expect(screen.getByRole('row', { name: /selected text/ })).toHaveTextContent('Only in the desktop app');
    } finally {
      setAppHost('desktop');
    }
  });
});

describe('the list of shortcuts', () => {
  it('names every key a handler in the renderer answers to', () => {
    const sources = filesUnder(join(import.meta.dirname, '../../src-renderer'))
      // The shortcut recorder reads any key the agent presses; its table names keys, it does not answer them.
      .filter((file) => /\.(ts|svelte)$/.test(file) && !file.endsWith('shortcutKeys.ts'))
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    // `event.key === 'Enter'`, `case 'Escape':`, and the keys of the arrow-key tables.
    const handled = new Set(
      [
        ...sources.matchAll(/\.key\s*[!=]==\s*'([^']+)'/g),
        ...sources.matchAll(/case '([^']+)':/g),
        ...sources.matchAll(/^\s*(Arrow\w+|Home|End|Page\w+):/gm),
      ].map((match) => match[1]!),
    );
    const listed = new Set(
      SHORTCUT_GROUPS.flatMap((group) => group.shortcuts).flatMap((shortcut) =>
        'global' in shortcut.keys ? [] : shortcut.keys.flat(),
      ),
    );
    const keyNames = [...handled].filter((key) => key.length === 1 || /^[A-Z][a-zA-Z]+$/.test(key));
    expect(keyNames.filter((key) => !listed.has(key as never))).toEqual([]);
  });
});

describe('the ? key', () => {
  beforeEach(() => {
    window.location.hash = '';
  });

  function renderApp(): void {
    installFakeRingside({
      'app:info': () => ok(appInfo),
      'connection:get': () => ok(offline),
      'settings:get': () => ok(settingsView()),
    });
    render(App);
  }

  it('opens the keyboard shortcuts from anywhere but a text field', async () => {
    renderApp();
    const link = screen.getByRole('link', { name: 'Keyboard shortcuts' });
    expect(link).toHaveAttribute('aria-keyshortcuts', '?');
    await fireEvent.keyDown(screen.getByRole('link', { name: 'Dial' }), { key: '?' });
    expect(window.location.hash).toBe('#/shortcuts');
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Keyboard shortcuts'),
    );
    expect(link).toHaveAttribute('aria-current', 'page');
  });

  it('is only a question mark in a text field, or with Ctrl', async () => {
    renderApp();
    const field = document.body.appendChild(document.createElement('input'));
    await fireEvent.keyDown(field, { key: '?' });
    await fireEvent.keyDown(document.body, { key: '?', ctrlKey: true });
    expect(window.location.hash).toBe('');
    field.remove();
  });
});
