/** Playwright's global setup: the run directory of the suite's secret scan (see secretScan.ts). */
import { startSecretScan } from './secretScan';

export default function globalSetup(): void {
  startSecretScan();
}
