/**
 * mainProcessElectron.ts with what the team-server host tests act on besides: OS notifications that are
 * supported and recorded (their Answer button can be pressed), and a clipboard the test fills (what the dial
 * shortcut reads).
 */
import { EventEmitter } from 'node:events';

export * from './mainProcessElectron';

/** Every notification shown, newest last. */
export const notifications: FakeNotification[] = [];

export class FakeNotification extends EventEmitter {
  static isSupported = () => true;
  shown = false;
  constructor(readonly options: { title: string; body: string; actions?: { text: string }[] }) {
    super();
  }
  show() {
    this.shown = true;
    notifications.push(this);
  }
  close() {}
}

export { FakeNotification as Notification };

/** The text the clipboard (and the Linux selection) holds. */
export const clipboardText = { value: '' };
export const clipboard = { readText: async () => clipboardText.value };
