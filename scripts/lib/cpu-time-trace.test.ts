import { describe, expect, it } from 'vitest';
import { atCpuTime, type TimedEvent } from './cpu-time-trace.ts';

const main = { pid: 1, tid: 7 };
const threadName = (tid: number, name: string): TimedEvent => ({
  name: 'thread_name',
  ph: 'M',
  ts: 0,
  pid: 1,
  tid,
  args: { name },
});

describe('a trace at CPU time (bench:web --cpu-time)', () => {
  it('compresses a main-thread task and the events inside it to its CPU time times the factor', () => {
    const task: TimedEvent = { name: 'RunTask', ph: 'X', ts: 1_000, dur: 400, tdur: 100, ...main };
    const layout: TimedEvent = { name: 'Layout', ph: 'X', ts: 1_200, dur: 200, ...main };
    const next: TimedEvent = { name: 'RunTask', ph: 'X', ts: 2_000, dur: 50, tdur: 50, ...main };
    expect(atCpuTime([threadName(7, 'CrRendererMain'), task, layout, next], 2)).toBe(2);
    expect(task).toMatchObject({ ts: 1_000, dur: 200 });
    // Halved towards the task's start: still inside it, at the same share of it.
    expect(layout).toMatchObject({ ts: 1_100, dur: 100 });
    expect(next).toMatchObject({ ts: 2_000, dur: 50 });
  });

  it('never lengthens a task, nor touches other threads or tasks without a CPU time', () => {
    const busy: TimedEvent = { name: 'RunTask', ph: 'X', ts: 0, dur: 100, tdur: 90, ...main };
    const untimed: TimedEvent = { name: 'RunTask', ph: 'X', ts: 500, dur: 100, ...main };
    const raster: TimedEvent = { name: 'RunTask', ph: 'X', ts: 0, dur: 100, tdur: 10, pid: 1, tid: 9 };
    const events = [threadName(7, 'CrRendererMain'), threadName(9, 'CompositorTileWorker1'), busy, untimed, raster];
    expect(atCpuTime(events, 2)).toBe(1);
    expect(busy.dur).toBe(100);
    expect(untimed.dur).toBe(100);
    expect(raster.dur).toBe(100);
  });
});
