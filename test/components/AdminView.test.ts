/**
 * The team server's admin page against a fake server that keeps sessions and links as the real one does:
 * the devices listed (hostile device labels as text), Revoke per row, Revoke all after a confirmation that
 * offers the safe answer first, and an enrollment link issued (shown once, with Copy), listed and cancelled.
 */
import '@testing-library/jest-dom/vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import type { AdminEnrollment, AdminSession, CommandChannel } from '../../src-main/shared/contract';
import AdminView from '../../src-renderer/views/AdminView.svelte';
import { installFakeRingside, ok } from './fakeRingside';

const HOSTILE_DEVICE = '<img src=x onerror="alert(1)"> Chrome';

function serve(options: { refuseIssue?: string } = {}) {
  const now = Date.now();
  let sessions: AdminSession[] = [
    {
      id: 'sJana1',
      agent: 'jana.novakova',
      device: HOSTILE_DEVICE,
      method: 'enrollment',
      createdAt: now - 3 * 86_400_000,
      lastSeenAt: now - 5 * 60_000,
      current: false,
    },
    {
      id: 'sJana2',
      agent: 'jana.novakova',
      device: 'Firefox on Linux',
      method: 'oidc',
      createdAt: now - 86_400_000,
      lastSeenAt: now - 2 * 3_600_000,
      current: false,
    },
    {
      id: 'sAdmin',
      agent: 'petr.admin',
      device: 'Safari on macOS',
      method: 'oidc',
      createdAt: now - 3_600_000,
      lastSeenAt: now,
      current: true,
    },
  ];
  let links: AdminEnrollment[] = [];
  const calls: [CommandChannel, unknown][] = [];
  const revoked = (ended: AdminSession[]) => {
    sessions = sessions.filter((session) => !ended.includes(session));
    return ok({ revoked: ended.length, includedOwn: ended.some((session) => session.current) });
  };
  installFakeRingside({
    // The supervisor view has tests of its own (AdminViewSupervisor.test.ts).
    'admin:supervisor': () =>
      ok({ agents: [], presenceKnown: true, board: { queues: [], readAt: now, problem: null } }),
    'admin:sessions': () => ok(sessions),
    'admin:enrollments': () => ok(links),
    'admin:revokeSession': (args) => {
      calls.push(['admin:revokeSession', args]);
      return revoked(sessions.filter((session) => session.id === args.id));
    },
    'admin:revokeAgent': (args) => {
      calls.push(['admin:revokeAgent', args]);
      return revoked(sessions.filter((session) => session.agent === args.username));
    },
    'admin:revokeAll': () => {
      calls.push(['admin:revokeAll', undefined]);
      return revoked(sessions);
    },
    'admin:issueEnrollment': (args) => {
      calls.push(['admin:issueEnrollment', args]);
      if (options.refuseIssue) {
        return { ok: false, error: { code: 'not-found', message: options.refuseIssue } };
      }
      const link = {
        id: 'link1',
        agent: args.username.trim(),
        issuedBy: 'petr.admin',
        createdAt: now,
        expiresAt: now + 86_400_000,
      };
      links = [link];
      return ok({
        link,
        url: 'https://ringside.example.com/enroll#secret-token',
        appUrl: 'ringside://enroll?server=https%3A%2F%2Fringside.example.com#secret-token',
      });
    },
    'admin:cancelEnrollment': (args) => {
      calls.push(['admin:cancelEnrollment', args]);
      const before = links.length;
      links = links.filter((link) => link.id !== args.id);
      return ok({ cancelled: links.length < before });
    },
  });
  render(AdminView);
  return { calls };
}

describe('Admin view', () => {
  it('lists the signed-in devices, labels as text, with when each was last seen', async () => {
    serve();
    const table = (await screen.findAllByRole('table'))[0]!;
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(rows[1]).toHaveTextContent(HOSTILE_DEVICE);
    expect(table.querySelector('img')).toBeNull();
    expect(rows[1]).toHaveTextContent('Enrollment link');
    expect(rows[1]).toHaveTextContent('5 minutes ago');
    expect(rows[2]).toHaveTextContent('Company sign-in');
    expect(rows[2]).toHaveTextContent('2 hours ago');
    expect(rows[3]).toHaveTextContent('this device');
    expect(rows[3]).toHaveTextContent('just now');
  });

  it('revokes one session and lists what is left', async () => {
    const { calls } = serve();
    await fireEvent.click(
      await screen.findByRole('button', { name: 'Revoke the session of jana.novakova on Firefox on Linux' }),
    );
    await waitFor(() => expect(screen.getByText('1 session revoked.')).toBeInTheDocument());
    expect(calls).toEqual([['admin:revokeSession', { id: 'sJana2' }]]);
    expect(screen.queryByText('Firefox on Linux')).toBeNull();
  });

  it('revokes all only after a confirmation whose focused answer keeps them', async () => {
    const { calls } = serve();
    await fireEvent.click(await screen.findByRole('button', { name: 'Revoke all sessions' }));
    const dialog = screen.getByRole('dialog', { name: 'Sign everyone out?' });
    expect(dialog).toHaveTextContent('3 sessions end, yours included.');
    expect(within(dialog).getByRole('button', { name: 'Keep them' })).toHaveFocus();
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Keep them' }));
    expect(calls).toEqual([]);

    await fireEvent.click(screen.getByRole('button', { name: 'Revoke all of jana.novakova' }));
    const agentDialog = screen.getByRole('dialog', { name: 'Sign jana.novakova out everywhere?' });
    expect(agentDialog).toHaveTextContent('2 sessions of jana.novakova end.');
    await fireEvent.click(within(agentDialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(calls).toEqual([['admin:revokeAgent', { username: 'jana.novakova' }]]));
    await waitFor(() => expect(screen.getByText('2 sessions revoked.')).toBeInTheDocument());

    await fireEvent.click(screen.getByRole('button', { name: 'Revoke all sessions' }));
    await fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Revoke' }));
    await waitFor(() =>
      expect(
        screen.getByText('Your own session was revoked too: this page signs out now.'),
      ).toBeInTheDocument(),
    );
    expect(calls.at(-1)).toEqual(['admin:revokeAll', undefined]);
  });

  it('issues a link shown once in both forms, each with Copy, lists it as pending, and cancels it', async () => {
    const { calls } = serve();
    const copied: string[] = [];
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: async (text: string) => void copied.push(text) },
    });
    await fireEvent.input(await screen.findByLabelText(/PBX username/), { target: { value: 'eva.mala' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Issue enrollment link' }));
    const shown = await screen.findByLabelText('For a browser:');
    expect(shown).toHaveValue('https://ringside.example.com/enroll#secret-token');
    expect(shown).toHaveAttribute('readonly');
    const app = screen.getByLabelText('For the desktop app (opens Ringside):');
    expect(app).toHaveValue('ringside://enroll?server=https%3A%2F%2Fringside.example.com#secret-token');
    expect(app).toHaveAttribute('readonly');
    expect(screen.getByText(/Enrollment link for eva\.mala\. It is shown only now/)).toBeInTheDocument();
    await fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    await fireEvent.click(screen.getByRole('button', { name: 'Copy app link' }));
    await waitFor(() =>
      expect(copied).toEqual([
        'https://ringside.example.com/enroll#secret-token',
        'ringside://enroll?server=https%3A%2F%2Fringside.example.com#secret-token',
      ]),
    );
    expect(calls).toEqual([['admin:issueEnrollment', { username: 'eva.mala' }]]);

    await fireEvent.click(await screen.findByRole('button', { name: 'Cancel the link for eva.mala' }));
    await waitFor(() => expect(screen.getByText('No links are waiting to be used.')).toBeInTheDocument());
    expect(calls.at(-1)).toEqual(['admin:cancelEnrollment', { id: 'link1' }]);
  });

  it("says why a link was not issued, in the server's words", async () => {
    serve({ refuseIssue: 'The PBX has no user mallory.' });
    await fireEvent.input(await screen.findByLabelText(/PBX username/), { target: { value: 'mallory' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Issue enrollment link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The PBX has no user mallory.');
    expect(screen.queryByRole('button', { name: 'Copy link' })).toBeNull();
  });
});
