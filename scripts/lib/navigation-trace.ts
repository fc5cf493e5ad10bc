/**
 * Splits a Chromium performance trace of one client-side navigation (bench-navigation.ts with BENCH_TRACE=1) into
 * where the page's main thread spent the time from the click to the first frame painted with the new page: the click
 * handler, React's render, its commit, the router's layout effect (scroll, focus, announcement), passive effects,
 * style, layout and paint, other script, garbage collection, and idle time (waiting for a timer, the network or the
 * next frame). The trace must hold the user timing marks `nav-click` and `nav-h1` (the new h1 visible) and the V8
 * sampling profiler's samples: React's work is told apart by its function names, so trace a build made without
 * minifying.
 */

/** The trace categories the split needs. */
export const navigationTraceCategories = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'blink.user_timing',
  'v8.execute',
  'disabled-by-default-v8.cpu_profiler',
];

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  /** Thread time: the CPU the event used. */
  tdur?: number;
  id?: string;
  args?: { name?: string; data?: Record<string, unknown> };
}

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url: string };
}

/** The browser's own rendering work, by trace event name; such an event inside a script (a forced layout) wins. */
const renderingPhases: Record<string, string> = {
  UpdateLayoutTree: 'style recalculation',
  RecalculateStyles: 'style recalculation',
  Layout: 'layout',
  PrePaint: 'paint',
  Paint: 'paint',
  Layerize: 'paint',
  Commit: 'paint',
  UpdateLayer: 'paint',
  'Decode Image': 'image decoding',
  ParseHTML: 'parse HTML',
  MinorGC: 'garbage collection',
  MajorGC: 'garbage collection',
};

/** React's and the router's functions, innermost first wins (the router's layout effect is looked for first). */
const scriptPhases: [RegExp, string][] = [
  [/^(flushPassiveEffects|commitPassive\w*|flushPendingEffects)$/, 'React passive effects (useEffect)'],
  [/^(commitRoot\w*|flushMutationEffects|flushLayoutEffects|commitMutation\w*|commitLayout\w*)$/, 'React commit'],
  [/^(renderRoot\w*|workLoop\w*|performUnitOfWork|beginWork|completeWork|completeUnitOfWork)$/, 'React render'],
  [/^(dispatchDiscreteEvent|dispatchEvent\w*|follow)$/, 'click handler'],
];

function phaseOfStack(stack: ProfileNode[]): string {
  const names = stack.map((node) => node.callFrame.functionName);
  if (names.includes('arrived')) return 'layout effect: scroll, focus, announcement';
  const leaf = names[0] ?? '';
  if (leaf === '(idle)') return 'idle';
  if (leaf === '(garbage collector)') return 'garbage collection';
  if (leaf === '(program)') return 'other browser work';
  for (const name of names) for (const [pattern, phase] of scriptPhases) if (pattern.test(name)) return phase;
  const script = stack.find((node) => node.callFrame.url)?.callFrame.url ?? '';
  return `other script (${
    script
      .split('/')
      .pop()
      ?.replace(/-[\w-]{8}\.js$/, '') || leaf
  })`;
}

/**
 * Milliseconds of the main thread's CPU per phase between the click and the end of the first frame painted after the
 * new h1 appeared, with the total CPU and the wall time. The CPU time is the thread's own, unthrottled: at 4x it takes
 * about 4 times as long on screen.
 */
export function splitNavigationTrace(traceJson: string): Map<string, number> {
  const { traceEvents } = JSON.parse(traceJson) as { traceEvents: TraceEvent[] };
  const mark = (name: string) => traceEvents.find((event) => event.name === name && event.ts > 0);
  const click = mark('nav-click');
  const h1 = mark('nav-h1');
  if (!click || !h1) throw new Error('The trace holds no nav-click or nav-h1 mark.');
  const onMain = (event: TraceEvent) => event.pid === click.pid && event.tid === click.tid;
  const main = traceEvents.filter(onMain);
  const dispatch = main.find((e) => e.name === 'EventDispatch' && e.ts <= click.ts && e.ts + (e.dur ?? 0) >= click.ts);
  const start = dispatch?.ts ?? click.ts;
  const frame = main.find((e) => (e.name === 'Commit' || e.name === 'Paint') && e.ts >= h1.ts && e.dur !== undefined);
  if (!frame) throw new Error('No frame was painted after the new h1 appeared.');
  const commit = main.find((e) => e.name === 'Commit' && e.ts >= frame.ts && e.dur !== undefined) ?? frame;
  const end = commit.ts + commit.dur!;

  const rendering = main.filter((e) => e.ph === 'X' && e.dur !== undefined && e.name in renderingPhases);
  const renderingAt = (ts: number) => {
    let inner: TraceEvent | undefined;
    for (const event of rendering) {
      if (event.ts <= ts && ts < event.ts + event.dur! && (!inner || event.ts >= inner.ts)) inner = event;
    }
    return inner && renderingPhases[inner.name];
  };

  // The sampling profiler's chunks of the main thread: its nodes, the samples and the time between them.
  const nodes = new Map<number, ProfileNode>();
  const samples: { ts: number; node: number }[] = [];
  const profile = traceEvents.find((e) => e.name === 'Profile' && e.pid === click.pid && e.tid === click.tid);
  let ts = Number(profile?.args?.data?.startTime ?? 0);
  for (const event of traceEvents) {
    if (event.name !== 'ProfileChunk' || event.pid !== click.pid || event.id !== profile?.id) continue;
    const data = event.args!.data as {
      cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
      timeDeltas?: number[];
    };
    for (const node of data.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    (data.cpuProfile?.samples ?? []).forEach((id, index) => {
      ts += data.timeDeltas?.[index] ?? 0;
      samples.push({ ts, node: id });
    });
  }
  const stackOf = (id: number) => {
    const stack: ProfileNode[] = [];
    for (let node = nodes.get(id); node; node = node.parent === undefined ? undefined : nodes.get(node.parent)) {
      stack.push(node);
    }
    return stack;
  };

  // A machine shared with other work, and the CPU slowed by suspending the thread, both stretch the wall time: each
  // task's samples count for its thread time, the CPU it really used.
  const tasks = main.filter((e) => e.name === 'RunTask' && e.dur !== undefined && e.ts < end && e.ts + e.dur > start);
  const cpuShareAt = (ts: number) => {
    const task = tasks.find((e) => e.ts <= ts && ts < e.ts + e.dur!);
    return task ? (task.tdur ?? task.dur!) / Math.max(task.dur!, 1) : 0;
  };
  const split = new Map<string, number>();
  const add = (phase: string, us: number) => split.set(phase, (split.get(phase) ?? 0) + us / 1000);
  const inWindow = samples.filter((sample) => sample.ts >= start && sample.ts < end).sort((a, b) => a.ts - b.ts);
  // Before the first sample and after the last: the time is split as the nearest sample says.
  inWindow.forEach((sample, index) => {
    const from = index === 0 ? start : sample.ts;
    const to = inWindow[index + 1]?.ts ?? end;
    const phase = renderingAt(sample.ts) ?? phaseOfStack(stackOf(sample.node));
    if (phase !== 'idle') add(phase, (to - from) * cpuShareAt(sample.ts));
  });
  if (inWindow.length === 0) throw new Error('The trace holds no profiler samples between the click and the paint.');
  split.set(
    'total CPU',
    [...split.values()].reduce((sum, value) => sum + value, 0),
  );
  split.set('total wall (stretched by the throttling and the machine)', (end - start) / 1000);
  return split;
}
