/**
 * A `tel:` link on Windows, as an attacker would craft it (CVE-2018-1000006 class): the command line the
 * installer registers (read back from resources/installer.nsh) and the one `setAsDefaultProtocolClient` is
 * asked for both put `--` before the link; Windows substitutes the link for `%1` and splits the result as
 * CommandLineToArgvW does; Chromium takes switches only before `--`; and the app reads a link only after it.
 * Whatever a link holds (a switch, quotes, spaces, newlines), no switch of its own reaches Chromium.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { appLaunch } from '../../../src-main/shell/appLaunch';
import { protocolClientArguments, registerLinkSchemes } from '../../../src-main/shell/protocol';
import { END_OF_OPTIONS, findTelLink, LinkInbox, linkArguments } from '../../../src-main/shell/telLinks';
import { spyLogger } from '../../support/spyLogger';

const EXE = 'C:\\Program Files\\Ringside\\Ringside.exe';

/** The installer's command, `$INSTDIR` and the executable's name filled in as NSIS does at install time. */
function registeredCommand(): string {
  const nsis = readFileSync('resources/installer.nsh', 'utf8');
  const command = /^!define RINGSIDE_LINK_COMMAND '(.*)'$/m.exec(nsis)?.[1];
  expect(command, 'installer.nsh defines the link command').toBeDefined();
  // Every command the installer writes for a scheme is that one.
  const written = [...nsis.matchAll(/shell\\open\\command" "" '([^']*)'/g)].map((match) => match[1]);
  expect(written.length).toBeGreaterThan(0);
  expect(new Set(written)).toEqual(new Set(['${RINGSIDE_LINK_COMMAND}']));
  return command!.replace('$INSTDIR\\${APP_EXECUTABLE_FILENAME}', EXE);
}

/** The command line `setAsDefaultProtocolClient(scheme, path, args)` registers: `"path" "arg"… "%1"`. */
function electronCommand(path: string, args: string[]): string {
  return [path, ...args]
    .map((part) => (part === END_OF_OPTIONS ? part : `"${part}"`))
    .concat('"%1"')
    .join(' ');
}

/** CommandLineToArgvW's rules: quotes group, 2n backslashes + quote = n backslashes and a quote toggle. */
function splitWindowsCommandLine(line: string): string[] {
  const args: string[] = [];
  let current = '';
  let quoted = false;
  let started = false;
  for (let index = 0; index < line.length; index++) {
    const character = line[index]!;
    if (character === '\\') {
      let slashes = 0;
      while (line[index] === '\\') {
        slashes++;
        index++;
      }
      if (line[index] === '"') {
        current += '\\'.repeat(Math.floor(slashes / 2));
        if (slashes % 2 === 1) current += '"';
        else quoted = !quoted;
      } else {
        current += '\\'.repeat(slashes);
        index--;
      }
      started = true;
    } else if (character === '"') {
      if (quoted && line[index + 1] === '"') {
        current += '"';
        index++;
      } else quoted = !quoted;
      started = true;
    } else if ((character === ' ' || character === '\t') && !quoted) {
      if (started) args.push(current);
      current = '';
      started = false;
    } else {
      current += character;
      started = true;
    }
  }
  if (started) args.push(current);
  return args;
}

/** What Chromium takes as switches: `-`/`--` arguments before the first `--`. */
function chromiumSwitches(argv: readonly string[]): string[] {
  const end = argv.indexOf(END_OF_OPTIONS);
  return (end === -1 ? argv.slice(1) : argv.slice(1, end)).filter((arg) => arg.startsWith('-'));
}

const HOSTILE_LINKS = [
  'tel:1 --gpu-launcher=calc.exe',
  'tel:1" --gpu-launcher="calc.exe',
  'tel:1\\" --gpu-launcher=\\"calc.exe',
  'tel:+420 601 234 567" --inspect=9229 --remote-debugging-port=9222 "x',
  'tel:1\n--gpu-launcher=calc.exe',
  'callto:1\t"--no-sandbox"',
  '--gpu-launcher=calc.exe',
];

describe.each([
  ['the installer', registeredCommand],
  [
    'setAsDefaultProtocolClient (an unpacked build)',
    () =>
      electronCommand(
        EXE,
        protocolClientArguments(appLaunch({ execPath: EXE, argv: [EXE], env: {} }), 'win32')[1]!,
      ),
  ],
])('the command line %s registers', (_name, command) => {
  it('puts -- before the link', () => {
    expect(command()).toBe(`"${EXE}" -- "%1"`);
  });

  it.each(HOSTILE_LINKS)('gives Chromium no switch from %j, and the app no link but one after --', (link) => {
    const argv = splitWindowsCommandLine(command().replace('%1', link));
    expect(argv[0]).toBe(EXE);
    expect(chromiumSwitches(argv)).toEqual([]);
    const afterEnd = linkArguments(argv, 'win32');
    expect(afterEnd).toEqual(argv.slice(argv.indexOf(END_OF_OPTIONS) + 1));
    // Whatever is found is a link argument after --, never a switch.
    const found = findTelLink(afterEnd);
    if (found) expect(found.link).toMatch(/^(tel|callto):/);
    expect(new LinkInbox('win32').receiveArgv(argv)).toBe(found !== null);
  });
});

describe('reading a link on Windows', () => {
  it('reads it after -- only, whatever Chromium put before it', () => {
    const argv = [EXE, '--allow-file-access-from-files', '--', 'tel:+420601234567'];
    expect(findTelLink(linkArguments(argv, 'win32'))).toMatchObject({ ok: true, dial: '+420601234567' });
  });

  it('reads none from a command line without -- (a registration that left the link to Electron)', () => {
    expect(linkArguments([EXE, 'tel:+420601234567'], 'win32')).toEqual([]);
    expect(new LinkInbox('win32').receiveArgv([EXE, 'tel:+420601234567'])).toBe(false);
  });

  it('elsewhere reads every argument, as the desktop entry (%u) and macOS hand links over', () => {
    expect(new LinkInbox('linux').receiveArgv(['/usr/bin/ringside', 'tel:201'])).toBe(true);
  });

  it('is registered by the app with -- on Windows, in development too, and without it elsewhere', () => {
    const app = { setAsDefaultProtocolClient: vi.fn(() => true) };
    const development = appLaunch({
      defaultApp: true,
      execPath: 'C:\\electron.exe',
      argv: ['C:\\electron.exe', 'C:\\ringside'],
      env: {},
    });
    registerLinkSchemes({
      app,
      platform: 'win32',
      launch: development,
      env: {},
      logger: spyLogger(),
      fileExists: () => false,
    });
    expect(app.setAsDefaultProtocolClient).toHaveBeenCalledWith('tel', 'C:\\electron.exe', [
      expect.stringMatching(/ringside$/),
      '--',
    ]);
    expect(protocolClientArguments(development, 'linux')).toEqual([
      'C:\\electron.exe',
      [expect.stringMatching(/ringside$/)],
    ]);
  });
});
