/**
 * OS notifications in Slovak: the screen-pop, a caller waiting too long, queues still paused after the
 * agent came back, and the question before quitting, all worded from the catalogues with Slovak plurals.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setActiveLocale } from '../../../src-main/shared/i18n';
import {
  awayPauseNotificationContent,
  longWaitNotificationContent,
  screenPopNotificationContent,
} from '../../../src-main/shell/notifications';
import { askBeforeQuit, type MessageBoxLike } from '../../../src-main/shell/queueSurfaces';
import { trayNoticeContent } from '../../../src-main/shell/trayResident';
import { unknownCaller } from '../../fixtures/calls';

vi.mock('electron', () => ({ Notification: class {} }));

beforeEach(() => setActiveLocale('sk'));
afterEach(() => setActiveLocale('en'));

describe('notifications in Slovak', () => {
  it('says who is calling, and that the caller is not in the directory', () => {
    expect(screenPopNotificationContent(unknownCaller({ callerName: 'ACME recepcia' }))).toMatchObject({
      title: 'Volá ACME recepcia',
      body: '+420 777 123 456\nNie je vo vašom adresári',
    });
    expect(screenPopNotificationContent(unknownCaller({ queue: { id: 7, name: null } })).body).toBe(
      'cez front 7\nNie je vo vašom adresári',
    );
  });

  it('says how long a caller has waited, and where', () => {
    expect(longWaitNotificationContent({ queueId: 2, queueName: 'Podpora', waitSeconds: 75 })).toEqual({
      title: 'Volajúci čaká už 1:15 vo fronte Podpora',
      body: 'Otvorte prehľad frontov a uvidíte svoje fronty.',
    });
  });

  it('counts the queues still paused with Slovak plurals', () => {
    const paused = (count: number) =>
      awayPauseNotificationContent({
        reason: 'lock',
        at: 0,
        queueIds: Array.from({ length: count }, (_, index) => index + 1),
      }).title;
    expect(paused(1)).toBe('Jeden z vašich frontov je stále pozastavený');
    expect(paused(3)).toBe('3 z vašich frontov sú stále pozastavené');
    expect(paused(6)).toBe('6 z vašich frontov je stále pozastavených');
  });

  it('asks before quitting, and says the tray keeps Ringside running', async () => {
    const showMessageBox = vi.fn<MessageBoxLike['showMessageBox']>(async () => ({ response: 1 }));
    await expect(askBeforeQuit({ showMessageBox }, 2)).resolves.toBe('stay');
    expect(showMessageBox.mock.calls[0]![0]).toMatchObject({
      buttons: ['Pozastaviť moje fronty a ukončiť', 'Ukončiť a zostať vo frontoch', expect.any(String)],
      message: 'Pozastaviť fronty pred ukončením?',
    });
    expect(showMessageBox.mock.calls[0]![0].detail).toMatch(/^Ste aktívni v 2 frontoch\./);
    expect(trayNoticeContent('darwin').title).toBe('Ringside stále beží na paneli s ponukami');
  });
});
