/** Starts coreProcess.ts in a child process, sends it orders, waits for its reports, kills it. */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { DemoPbx } from '../../../../src-main/demo-pbx';
import type { CoreOrder, CoreProcessConfig, CoreReport } from './coreProcessProtocol';

type Report<T extends CoreReport['type']> = Extract<CoreReport, { type: T }>;

export class CoreProcess {
  private readonly reports: CoreReport[] = [];
  private readonly waiting = new Set<() => void>();
  private readonly exited: Promise<number | null>;

  private constructor(private readonly child: ChildProcess) {
    child.on('message', (report: CoreReport) => {
      this.reports.push(report);
      for (const check of [...this.waiting]) check();
    });
    this.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
    void this.exited.then(() => {
      for (const check of [...this.waiting]) check();
    });
  }

  static async start(userData: string, pbx: DemoPbx): Promise<CoreProcess> {
    const config: CoreProcessConfig = {
      userData,
      pbx: { baseUrl: pbx.baseUrl, credentials: pbx.credentials, agent: pbx.agent },
    };
    const child = fork(fileURLToPath(new URL('./coreProcess.ts', import.meta.url)), {
      env: { ...process.env, RINGSIDE_TEST_CORE: JSON.stringify(config) },
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const started = new CoreProcess(child);
    await started.next('ready');
    return started;
  }

  send(order: CoreOrder): void {
    this.child.send(order);
  }

  /** Every report of this type so far. */
  all<T extends CoreReport['type']>(type: T): Report<T>[] {
    return this.reports.filter((report): report is Report<T> => report.type === type);
  }

  /** The first report of `type` (after those already seen, when `after` counts them) that passes `test`. */
  next<T extends CoreReport['type']>(
    type: T,
    test: (report: Report<T>) => boolean = () => true,
    timeoutMs = 60_000,
  ): Promise<Report<T>> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => finish(new Error(`no ${type} report within ${timeoutMs} ms`)),
        timeoutMs,
      );
      const finish = (error?: Error, report?: Report<T>) => {
        clearTimeout(timer);
        this.waiting.delete(check);
        if (error) reject(error);
        else resolve(report!);
      };
      const check = () => {
        const found = this.all(type).find(test);
        if (found) finish(undefined, found);
        else if (this.child.exitCode !== null || this.child.signalCode !== null) {
          finish(new Error(`the core process ended before a ${type} report`));
        }
      };
      this.waiting.add(check);
      check();
    });
  }

  /** What a crash does: no chance to close a file or finish a write. */
  async kill(): Promise<void> {
    this.child.kill('SIGKILL');
    await this.exited;
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    this.send({ type: 'stop' });
    await this.exited;
  }
}
