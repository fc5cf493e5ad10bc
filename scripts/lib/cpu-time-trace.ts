/** The fields of a trace event this rewrite reads and changes. */
export interface TimedEvent {
  name: string;
  ph?: string;
  ts: number;
  dur?: number;
  /** Thread (CPU) time, microseconds. */
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
}

/**
 * Rewrites a Chromium trace as if each renderer main-thread task had lasted `factor` times its CPU time (`tdur`)
 * instead of its wall time, which a shared machine stretches: each top-level task and every event inside it are
 * compressed towards the task's start (a task is never lengthened). Lighthouse's simulation multiplies the wall
 * time of each task by its CPU slowdown (4x), so the blocking time it computes from a busy machine's trace is the
 * machine's load as much as the page's work; from the rewritten trace it is the page's work, at a chosen ratio of
 * wall to CPU time (an idle two-core machine runs Chromium's other threads beside the main one: about 2).
 * Returns how many tasks were rewritten. The events are changed in place.
 */
export function atCpuTime(events: TimedEvent[], factor: number): number {
  const mainThreads = new Set(
    events
      .filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
      .map((event) => `${event.pid}:${event.tid}`),
  );
  const byThread = new Map<string, TimedEvent[]>();
  for (const event of events) {
    const thread = `${event.pid}:${event.tid}`;
    if (event.ph !== 'X' || !mainThreads.has(thread)) continue;
    if (!byThread.has(thread)) byThread.set(thread, []);
    byThread.get(thread)!.push(event);
  }
  let rewritten = 0;
  for (const threadEvents of byThread.values()) {
    threadEvents.sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
    let index = 0;
    while (index < threadEvents.length) {
      const task = threadEvents[index]!;
      index += 1;
      if (task.name !== 'RunTask' || !task.dur || task.tdur === undefined) continue;
      const end = task.ts + task.dur;
      const scale = Math.min(1, (factor * task.tdur) / task.dur);
      const inside: TimedEvent[] = [];
      while (index < threadEvents.length && threadEvents[index]!.ts < end) inside.push(threadEvents[index++]!);
      task.dur *= scale;
      for (const event of inside) {
        event.ts = task.ts + (event.ts - task.ts) * scale;
        if (event.dur !== undefined) event.dur *= scale;
      }
      rewritten += 1;
    }
  }
  return rewritten;
}
