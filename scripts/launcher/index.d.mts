// Types of the launcher's modules (plain .mjs, so that `npm start` needs no build step before it runs).
import type { ChildProcess, StdioOptions } from 'node:child_process';

export type Env = Record<string, string | undefined>;

/** The Node options the browser host runs with (browserHostNodeFlags.mjs). */
export const BROWSER_HOST_NODE_FLAGS: readonly string[];

export interface LauncherOptions {
  /** `--browser`: the browser host, without trying Electron. */
  browser: boolean;
  /** `--skip-build`: use out/ as it is. */
  skipBuild: boolean;
  /** `--dev` (npm run dev): electron-vite's dev server instead of the build. */
  dev: boolean;
  /** `--verbose`: the build's own output (warnings included) as it runs; else only when the build fails. */
  verbose: boolean;
  /** Everything but the launcher's own flags, for the browser host. */
  hostArgs: string[];
  /** The same without `--port N` and `--host H`, for Electron. */
  electronArgs: string[];
}

export const LAUNCHER_USAGE: string;
export function parseLauncherArgs(
  args: readonly string[],
): { ok: true; options: LauncherOptions } | { ok: false; error: string };

export type ElectronState =
  | { status: 'installed'; version: string; executablePath: string }
  | { status: 'missing'; version: string }
  | { status: 'unavailable'; version: string; problem: string };

export type HostChoice =
  | { host: 'electron' }
  | { host: 'install-electron' }
  | { host: 'browser'; reason: 'requested' | 'no-display' | 'no-electron' };

export function hasDisplay(platform: string, env: Env): boolean;
export function chooseHost(situation: {
  options: Pick<LauncherOptions, 'browser'>;
  env: Env;
  platform: string;
  electronState: Pick<ElectronState, 'status'>;
}): HostChoice;

export function electronPlatformPath(platform: string): string;
export function inspectElectron(where: { electronDir: string; env: Env; platform: string }): ElectronState;

export const DEFAULT_ELECTRON_MIRROR: string;
export function electronSetting(env: Env, name: string): string | undefined;
export function electronArtifactUrl(target: {
  env: Env;
  version: string;
  platform: string;
  arch: string;
}): string;

export interface ProxySettings {
  httpProxy: string | undefined;
  httpsProxy: string | undefined;
  noProxy: string | undefined;
}
export function proxySettings(env: Env): ProxySettings | undefined;
export function withoutCredentials(proxyUrl: string): string;
export function probeMirror(
  url: string,
  settings: { env: Env; timeoutMs?: number },
): Promise<{ reachable: true; status: number } | { reachable: false; problem: string }>;

export interface ChildOutcome {
  code: number | null;
  signal: NodeJS.Signals | null;
  interrupted: boolean;
  error?: Error;
}
/** What the launcher listens to for signals to pass on (process, or a stand-in in tests). */
export interface SignalSource {
  on(signal: NodeJS.Signals, listener: (signal: NodeJS.Signals) => void): unknown;
  off(signal: NodeJS.Signals, listener: (signal: NodeJS.Signals) => void): unknown;
}
export function runChild(
  command: string,
  args: readonly string[],
  settings?: {
    cwd?: string;
    env?: Env;
    stdio?: StdioOptions;
    signals?: SignalSource;
    onStart?: (child: ChildProcess) => (() => void) | undefined;
  },
): Promise<ChildOutcome>;
export function exitCodeOf(outcome: { code: number | null; signal: string | null }): number;

export const INSTALL_STALL_LIMIT_MS: number;
export const REACHABLE_STALL_LIMIT_MS: number;
export function installerEnv(env: Env, scratchDir: string): Env;
export function runElectronInstaller(settings: {
  electronDir: string;
  env: Env;
  stdio?: StdioOptions;
  signals?: SignalSource;
  stallLimitMs?: number;
  /** Resolves to true once the mirror answered: pauses may then last REACHABLE_STALL_LIMIT_MS. */
  mirrorAnswered?: Promise<boolean>;
}): Promise<{
  ok: boolean;
  interrupted: boolean;
  stalled: boolean;
  exitCode: number;
  elapsedMs: number;
  problem?: string;
}>;

export function needsNoSandbox(where: { platform: string; isRoot: boolean }): boolean;
interface ElectronCommandSettings {
  executablePath: string;
  projectRoot: string;
  electronArgs: readonly string[];
  platform: string;
  isRoot: boolean;
  env: Env;
}
export function electronCommand(settings: ElectronCommandSettings): {
  command: string;
  args: string[];
  env: Env;
};
export function electronDevCommand(settings: ElectronCommandSettings & { nodePath: string }): {
  command: string;
  args: string[];
  env: Env;
};

export function fallbackParagraph(failure: {
  reason: 'no-display' | 'no-electron';
  problem?: string;
  electronVersion: string;
}): string;
export function browserHostMissingMessage(browserHostPath: string): string;
export function wrap(text: string, width: number): string;

export interface LaunchSettings {
  /** The launcher's arguments (what follows `npm start --`). */
  args?: readonly string[];
  /** The folder of package.json: Electron's app path and the children's working directory. */
  projectRoot: string;
  env?: Env;
  platform?: string;
  arch?: string;
  /** The `electron` package (default node_modules/electron). */
  electronDir?: string;
  /** Default: $RINGSIDE_BROWSER_HOST, else out/main/browserHost.js. */
  browserHostPath?: string;
  /** The children's stdio (default 'inherit'). */
  stdio?: StdioOptions;
  signals?: SignalSource;
  isRoot?: boolean;
  stallLimitMs?: number;
  print?: (line: string) => void;
  warn?: (text: string) => void;
}
export function launch(settings: LaunchSettings): Promise<number>;
