/**
 * What a session's device is called in the agent's and administrator's lists: the name given at enrollment
 * if any, else the browser and system its User-Agent names ("Firefox · Windows": product names, no words to
 * translate), else the User-Agent itself, cut short. Stored as data and shown as text only.
 */
const MAX_LABEL_LENGTH = 80;

const BROWSERS: ReadonlyArray<[RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\//, 'Opera'],
  [/\bFirefox\//, 'Firefox'],
  [/\bElectron\//, 'Ringside'],
  [/\bChrom(?:e|ium)\//, 'Chrome'],
  [/\bSafari\//, 'Safari'],
];

const SYSTEMS: ReadonlyArray<[RegExp, string]> = [
  [/\bAndroid\b/, 'Android'],
  [/\b(?:iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bLinux\b/, 'Linux'],
];

const oneLine = (text: string) =>
  text
    .replace(/\p{Cc}/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, MAX_LABEL_LENGTH);

const firstMatch = (text: string, table: ReadonlyArray<[RegExp, string]>) =>
  table.find(([pattern]) => pattern.test(text))?.[1];

export function deviceLabel(userAgent: string | undefined, givenName?: unknown): string {
  const name = typeof givenName === 'string' ? oneLine(givenName) : '';
  if (name) return name;
  const agent = userAgent ?? '';
  const browser = firstMatch(agent, BROWSERS);
  const system = firstMatch(agent, SYSTEMS);
  if (browser || system) return [browser, system].filter(Boolean).join(' · ');
  return oneLine(agent) || '?';
}
