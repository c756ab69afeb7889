import { vi } from 'vitest';
import type { Logger } from '../../src-main/shared/logger';

/** A Logger whose calls tests can inspect. */
export function spyLogger() {
  return { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() } satisfies Logger;
}
