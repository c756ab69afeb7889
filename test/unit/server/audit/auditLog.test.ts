/** The audit log on a real disk: lines, rotation, permissions, a torn line after a crash, and no secrets. */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  openAuditLog,
  readAuditFile,
  type AuditLog,
  type AuditLogOptions,
  type SessionAuditEvent,
} from '../../../../src-main/server/audit';
import { guardCommands } from '../../../../src-main/server/policy';
import { silentLogger } from '../../../../src-main/shared/logger';
import { COLLEAGUES_CALL, JANA, policyOf, sessionOf } from '../policy/policyFixtures';

const posix = process.platform !== 'win32';
const AT = Date.parse('2026-12-05T17:30:00.000Z');

let directory: string;
let log: AuditLog | undefined;

beforeEach(() => {
  directory = mkdtempSync(join(tmpdir(), 'ringside-audit-'));
});
afterEach(async () => {
  await log?.close();
  log = undefined;
  rmSync(directory, { recursive: true, force: true });
});

async function open(options: Partial<AuditLogOptions> = {}): Promise<AuditLog> {
  log = await openAuditLog({ directory, clock: { now: () => AT }, logger: silentLogger, ...options });
  return log;
}

const signIn = (sessionId: string): SessionAuditEvent => ({
  kind: 'sign-in',
  agent: 'jana.novakova',
  sessionId,
  method: 'oidc',
});

describe('openAuditLog', () => {
  it('appends one JSON line per event, with the time', async () => {
    const audit = await open();
    audit.record(signIn('s-1'));
    audit.record({
      kind: 'command',
      agent: 'jana.novakova',
      sessionId: 's-1',
      command: 'queues:change',
      target: { queue: 5, action: 'pause' },
      result: 'ok',
    });
    audit.record({ kind: 'sign-out', agent: 'jana.novakova', sessionId: 's-1', method: 'signed-out' });
    await audit.flush();

    const text = readFileSync(join(directory, 'audit.log'), 'utf8');
    expect(text.split('\n')).toHaveLength(4);
    expect(text.endsWith('\n')).toBe(true);
    const { lines, torn } = await readAuditFile(audit.path);
    expect(torn).toBe(0);
    expect(lines).toEqual([
      { time: '2026-12-05T17:30:00.000Z', ...signIn('s-1') },
      expect.objectContaining({
        command: 'queues:change',
        target: { queue: 5, action: 'pause' },
        result: 'ok',
      }),
      expect.objectContaining({ kind: 'sign-out', method: 'signed-out' }),
    ]);
  });

  it('keeps appending to the file of an earlier run', async () => {
    const first = await open();
    first.record(signIn('s-1'));
    await first.close();
    const second = await open();
    second.record(signIn('s-2'));
    await second.flush();
    expect(
      (await readAuditFile(second.path)).lines.map((line) => 'sessionId' in line && line.sessionId),
    ).toEqual(['s-1', 's-2']);
  });

  it.runIf(posix)('is readable by the server user alone, an older file included', async () => {
    writeFileSync(join(directory, 'audit.log'), '', { mode: 0o644 });
    const audit = await open();
    audit.record(signIn('s-1'));
    await audit.flush();
    expect(statSync(audit.path).mode & 0o777).toBe(0o600);

    const fresh = join(directory, 'fresh');
    const other = await openAuditLog({ directory: fresh, clock: { now: () => AT }, logger: silentLogger });
    other.record(signIn('s-1'));
    await other.close();
    expect(statSync(fresh).mode & 0o777).toBe(0o700);
    expect(statSync(join(fresh, 'audit.log')).mode & 0o777).toBe(0o600);
  });

  it('rotates by size and keeps the configured number of older files', async () => {
    const audit = await open({ rotateBytes: 400, keptFiles: 3 });
    for (let index = 0; index < 40; index += 1) {
      audit.record(signIn(`s-${index}`));
      await audit.flush();
    }
    const files = readdirSync(directory).sort();
    expect(files).toEqual(['audit.log', 'audit.log.1', 'audit.log.2', 'audit.log.3']);
    for (const file of files) expect(statSync(join(directory, file)).size).toBeLessThanOrEqual(400);
    if (posix) for (const file of files) expect(statSync(join(directory, file)).mode & 0o777).toBe(0o600);

    // Newest in audit.log, the oldest kept in .3, none lost between them.
    const sessions: string[] = [];
    for (const file of ['audit.log.3', 'audit.log.2', 'audit.log.1', 'audit.log']) {
      for (const line of (await readAuditFile(join(directory, file))).lines) {
        if ('sessionId' in line) sessions.push(line.sessionId);
      }
    }
    expect(sessions.at(-1)).toBe('s-39');
    const first = Number(sessions[0]?.slice(2));
    expect(sessions).toEqual(Array.from({ length: 40 - first }, (_, index) => `s-${first + index}`));
    expect(first).toBeGreaterThan(0);
  });

  it('skips a line torn by a crash and starts the next event on a line of its own', async () => {
    const whole = JSON.stringify({ time: '2026-12-05T17:00:00.000Z', ...signIn('before') });
    writeFileSync(join(directory, 'audit.log'), `${whole}\n{"time":"2026-12-05T17:00:01.000Z","kind":"comm`);
    const audit = await open();
    audit.record(signIn('after'));
    await audit.flush();
    const { lines, torn } = await readAuditFile(audit.path);
    expect(torn).toBe(1);
    expect(lines.map((line) => 'sessionId' in line && line.sessionId)).toEqual(['before', 'after']);
  });

  it('counts the events a stalled disk could not take instead of holding them without bound', async () => {
    const audit = await open({ maxPendingBytes: 400 });
    for (let index = 0; index < 50; index += 1) audit.record(signIn(`s-${index}`));
    await audit.flush();
    audit.record(signIn('later'));
    await audit.flush();
    const { lines } = await readAuditFile(audit.path);
    const lost = lines.find((line) => line.kind === 'lost');
    const kept = lines.filter((line) => line.kind === 'sign-in');
    expect(lost).toBeDefined();
    expect(kept.length + (lost && 'count' in lost ? lost.count : 0)).toBe(51);
    expect(kept.at(-1)).toMatchObject({ sessionId: 'later' });
  });

  it('redacts what looks like a secret even if an event carried one', async () => {
    const audit = await open();
    audit.record({ ...signIn('s-1'), method: 'Authorization: Bearer abc.def.ghi' });
    await audit.flush();
    expect(readFileSync(audit.path, 'utf8')).not.toContain('abc.def.ghi');
  });
});

describe('the guard writing to the file', () => {
  it('logs a refusal with its target, and neither secrets nor setting values', async () => {
    const audit = await open();
    const session = sessionOf(JANA);
    const commands = guardCommands(session.handlers, JANA, policyOf(), audit);
    await expect(
      commands['calls:control']({ uniqueid: COLLEAGUES_CALL, action: 'hangup' }),
    ).rejects.toMatchObject({ code: 'forbidden' });
    await expect(
      commands['settings:save']({
        settings: { ...session.settings, clientId: 'other-client', baseUrl: 'https://pbx.evil.example' },
        secret: 'stolen-secret-value',
      }),
    ).rejects.toMatchObject({ code: 'forbidden' });
    await audit.flush();

    const text = readFileSync(audit.path, 'utf8');
    for (const secret of ['stolen-secret-value', 'pbx.evil.example', 'other-client'])
      expect(text).not.toContain(secret);
    expect((await readAuditFile(audit.path)).lines).toEqual([
      {
        time: '2026-12-05T17:30:00.000Z',
        kind: 'command',
        agent: 'jana.novakova',
        sessionId: 'session-jana',
        command: 'calls:control',
        target: { phone: '1002', call: COLLEAGUES_CALL, action: 'hangup' },
        result: 'forbidden',
        error: 'forbidden',
      },
      expect.objectContaining({
        command: 'settings:save',
        target: { settings: ['baseUrl', 'clientId'] },
        result: 'forbidden',
      }),
    ]);
  });
});
