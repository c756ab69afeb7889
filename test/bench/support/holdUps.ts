/**
 * How long the event loop is held up: a 1 ms timer notes, for each gap between its ticks, the wall time and
 * this thread's CPU time. The wall gap is how late a timer (a call-monitor poll) fired; the CPU time in it
 * is the part our own code (and V8's garbage collection on this thread) held the loop. On a shared
 * two-core machine the rest is the time the OS ran other processes instead, which no code change can
 * remove; so both are reported.
 */
export interface HoldUps {
  /** The longest gap between two ticks, in milliseconds of wall time. */
  maxWallMs: number;
  /** The most CPU time this thread spent within one gap, in milliseconds. */
  maxThreadCpuMs: number;
}

export function monitorHoldUps(): { stop(): HoldUps } {
  let lastWall = performance.now();
  let lastCpu = process.threadCpuUsage();
  const result: HoldUps = { maxWallMs: 0, maxThreadCpuMs: 0 };
  const timer = setInterval(() => {
    const wall = performance.now();
    const cpu = process.threadCpuUsage();
    const cpuMs = (cpu.user - lastCpu.user + cpu.system - lastCpu.system) / 1000;
    result.maxWallMs = Math.max(result.maxWallMs, wall - lastWall);
    result.maxThreadCpuMs = Math.max(result.maxThreadCpuMs, cpuMs);
    lastWall = wall;
    lastCpu = cpu;
  }, 1);
  return {
    stop() {
      clearInterval(timer);
      return result;
    },
  };
}
