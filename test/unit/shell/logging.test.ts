/**
 * The shell's logger with a real electron-log (its Node build: same core, hooks and file transport as
 * electron-log/main) writing to a temporary directory: secrets must never reach the file.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import electronLog from 'electron-log/node';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger, LOG_FILE_MAX_BYTES, LOG_FILE_NAME } from '../../../src-main/app/logging';

let directory: string;
let instance = 0;

function makeLogger() {
  const log = electronLog.create({ logId: `logging-test-${++instance}` });
  const logger = createLogger(log, { directory, fileLevel: 'debug', consoleLevel: false });
  return { log, logger, readLog: () => readFileSync(join(directory, LOG_FILE_NAME), 'utf8') };
}

beforeEach(() => {
  directory = mkdtempSync(join(tmpdir(), 'ringside-log-'));
});
afterEach(() => {
  rmSync(directory, { recursive: true, force: true });
});

describe('shell logger', () => {
  it('writes every level to <directory>/main.log', () => {
    const { logger, readLog } = makeLogger();
    logger.debug('sync started');
    logger.info('connected', { pbx: 'pbx.example' });
    logger.warn('slow response');
    logger.error('sync failed', new Error('boom'));
    const text = readLog();
    for (const expected of [
      'sync started',
      'connected',
      'pbx.example',
      'slow response',
      'sync failed',
      'boom',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('never writes secrets from messages, objects, errors or URLs', () => {
    const { logger, readLog } = makeLogger();
    const error = Object.assign(new Error('token request failed: {"client_secret":"s3cr3t-err"}'), {
      request: {
        headers: { Authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhZ2VudCJ9.c2lnbmF0dXJl' },
      },
    });
    logger.info('POST /token client_id=ringside&client_secret=s3cr3t-form&grant_type=client_credentials');
    logger.info('polling', 'GET https://pbx.example/call?access_token=s3cr3t-query&phone=100');
    logger.warn('settings', { username: 'svc', password: 's3cr3t-pass', nested: { pin: '4242' } });
    logger.error('auth', error);
    const text = readLog();
    expect(text).not.toMatch(/s3cr3t|4242|eyJhbGci|c2lnbmF0dXJl/);
    expect(text).toContain('[redacted]');
    expect(text).toContain('client_id=ringside');
    expect(text).toContain('svc');
  });

  it('leaves the caller’s objects untouched', () => {
    const { logger } = makeLogger();
    const settings = { username: 'svc', password: 'hunter2' };
    logger.info('settings', settings);
    expect(settings.password).toBe('hunter2');
  });

  it('rotates the file at about 5 MB and sends nothing off the machine or to renderers', () => {
    const { log } = makeLogger();
    expect(log.transports.file.maxSize).toBe(LOG_FILE_MAX_BYTES);
    expect(LOG_FILE_MAX_BYTES).toBe(5 * 1024 * 1024);
    expect(log.transports.remote.level).toBe(false);
    expect(log.transports.ipc?.level ?? false).toBe(false);
  });
});
