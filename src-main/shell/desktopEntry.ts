/**
 * Linux desktop entries (the Desktop Entry Specification) that Ringside writes for itself: the XDG
 * autostart entry of "Start at login", and, when it runs from an AppImage (which installs nothing), the
 * entry that tells the desktop Ringside handles `tel:` and `callto:` links.
 */
import type { AppLaunch } from './appLaunch';

/** Quotes an Exec argument as the Desktop Entry Specification asks. */
export function execArgument(argument: string): string {
  return `"${argument.replace(/(["`$\\])/g, '\\$1')}"`;
}

export interface DesktopEntryInput {
  launch: AppLaunch;
  /** After the launch's own arguments: quoted literals, or a field code such as `%u` as is. */
  extraArgs?: readonly string[];
  fieldCode?: '%u';
  lines?: readonly string[];
}

export function desktopEntry(input: DesktopEntryInput): string {
  const exec = [input.launch.executable, ...input.launch.args, ...(input.extraArgs ?? [])]
    .map(execArgument)
    .concat(input.fieldCode ? [input.fieldCode] : [])
    .join(' ');
  return [
    '[Desktop Entry]',
    'Type=Application',
    'Name=Ringside',
    'Comment=Softphone companion for contact-center agents',
    `Exec=${exec}`,
    ...(input.lines ?? []),
    '',
  ].join('\n');
}
