/**
 * The browser host's notifications as a test sees them: the page may show them (permission granted), each
 * Web Notification it makes is recorded, and a test can read them or click one by its tag.
 */
import type { Page } from '@playwright/test';

export interface ShownNotification {
  title: string;
  body: string;
  tag: string;
  /** Without the system's sound. */
  silent: boolean | null;
}

export interface NotificationRecorder {
  shown(): Promise<ShownNotification[]>;
  /** Clicks the first notification whose tag starts with `tagPrefix`, as the agent would. */
  click(tagPrefix: string): Promise<void>;
}

/** Call before the page loads. */
export async function recordNotifications(page: Page): Promise<NotificationRecorder> {
  await page.context().grantPermissions(['notifications']);
  await page.addInitScript(() => {
    const shown: Notification[] = [];
    Object.assign(window, { shownNotifications: shown });
    window.Notification = new Proxy(Notification, {
      construct(target, args: [string, NotificationOptions?]) {
        const notification = new target(...args);
        shown.push(notification);
        return notification;
      },
    });
  });
  type Recorded = { shownNotifications: Notification[] };
  return {
    shown: () =>
      page.evaluate(() =>
        (window as unknown as Recorded).shownNotifications.map(({ title, body, tag, silent }) => ({
          title,
          body,
          tag,
          silent,
        })),
      ),
    click: (tagPrefix) =>
      page.evaluate((prefix) => {
        const notification = (window as unknown as Recorded).shownNotifications.find((shown) =>
          shown.tag.startsWith(prefix),
        );
        notification?.dispatchEvent(new Event('click'));
      }, tagPrefix),
  };
}
