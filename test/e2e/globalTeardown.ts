/** Playwright's global teardown: the suite's secret scan over every e2e user data directory (secretScan.ts). */
import { finishSecretScan } from './secretScan';

export default function globalTeardown(): void {
  finishSecretScan();
}
