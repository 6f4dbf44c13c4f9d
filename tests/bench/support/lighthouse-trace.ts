/**
 * How much of a page's main-thread time the main thread actually ran on a CPU, read from the trace
 * Lighthouse recorded. Lighthouse's simulation takes each task's wall-clock length from the trace and
 * multiplies it by the CPU slowdown; on a small host busy with other work a task's wall time also
 * holds the time the renderer waited for a core, and that wait is slowed down too. The share tells
 * how much of a page's "main-thread work" is the page's and how much the host's.
 */
type TraceEvent = { name: string; ph: string; pid: number; tid: number; ts: number; dur?: number; tdur?: number; args?: { name?: string } };

export type MainThreadCpu = {
  /** Wall-clock time of the renderer's main-thread tasks, unslowed (what the host took). */
  wallMs: number;
  /** The thread's CPU time in those tasks (the trace's thread clock). */
  cpuMs: number;
};

export function mainThreadCpu(traceEvents: readonly TraceEvent[]): MainThreadCpu | undefined {
  const mainThreads = new Set<string>();
  for (const event of traceEvents) {
    if (event.name === 'thread_name' && event.args?.name === 'CrRendererMain') mainThreads.add(`${event.pid}:${event.tid}`);
  }
  // The page's renderer is the main thread with the most task time (others are Lighthouse's blank pages).
  const byThread = new Map<string, TraceEvent[]>();
  for (const event of traceEvents) {
    const thread = `${event.pid}:${event.tid}`;
    if (event.name !== 'RunTask' || event.ph !== 'X' || !event.dur || !mainThreads.has(thread)) continue;
    const events = byThread.get(thread) ?? [];
    events.push(event);
    byThread.set(thread, events);
  }
  const total = (events: TraceEvent[]) => events.reduce((sum, event) => sum + (event.dur ?? 0), 0);
  const tasks = [...byThread.values()].sort((a, b) => total(b) - total(a))[0];
  if (!tasks || tasks.some((task) => task.tdur === undefined)) return undefined;
  // Only top-level tasks: a nested run loop's tasks are inside their parent's time already.
  let end = -Infinity;
  let wall = 0;
  let cpu = 0;
  for (const task of [...tasks].sort((a, b) => a.ts - b.ts)) {
    if (task.ts < end) continue;
    end = task.ts + task.dur!;
    wall += task.dur!;
    cpu += task.tdur!;
  }
  return { wallMs: Math.round(wall / 1000), cpuMs: Math.round(cpu / 1000) };
}
