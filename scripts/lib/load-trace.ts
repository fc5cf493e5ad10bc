/** One event of a Chromium trace (the fields the page-load split reads). */
export interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  /** Thread (CPU) time, microseconds. */
  tdur?: number;
  pid: number;
  tid: number;
  args?: {
    name?: string;
    data?: { url?: string; frame?: string; stackTrace?: { url?: string }[]; documentLoaderURL?: string };
    beginData?: { url?: string; frame?: string };
    fileName?: string;
  };
}

/** The renderer main thread's work during a page's load, in CPU milliseconds. */
export interface LoadSplit {
  cpuMs: number;
  tasks: number;
  /** Tasks over 12.5 ms of CPU: over 50 ms once Lighthouse's simulation slows the CPU 4 times. */
  longTasks: number;
  /** Their CPU time over 12.5 ms each (Lighthouse's blocking time, divided by 4), from navigation on. */
  blockingMs: number;
  fcpMs: number;
  byKind: Record<string, number>;
  byScript: Record<string, number>;
  longest: { label: string; cpuMs: number }[];
  scriptFiles: number;
  scriptGzip: number;
}

/** Lighthouse's groups of main-thread work (its task-groups), by trace event name. */
const kinds: Record<string, string[]> = {
  parseHTML: ['ParseHTML'],
  styleLayout: [
    'ScheduleStyleRecalculation',
    'UpdateLayoutTree',
    'InvalidateLayout',
    'Layout',
    'ParseAuthorStyleSheet',
    'RecalculateStyles',
  ],
  paint: [
    'Animation',
    'HitTest',
    'PaintSetup',
    'Paint',
    'PaintImage',
    'PrePaint',
    'Layerize',
    'Commit',
    'UpdateLayer',
    'UpdateLayerTree',
    'CompositeLayers',
    'ScrollLayer',
    'Decode Image',
    'ImageDecodeTask',
    'Decode LazyPixelRef',
  ],
  scriptParseCompile: ['v8.compile', 'v8.compileModule', 'v8.parseOnBackground', 'V8.CompileCode', 'CacheScript'],
  scriptEvaluation: [
    'EventDispatch',
    'EvaluateScript',
    'v8.evaluateModule',
    'FunctionCall',
    'TimerFire',
    'FireIdleCallback',
    'FireAnimationFrame',
    'RunMicrotasks',
    'V8.Execute',
    'v8.run',
    'v8.callFunction',
  ],
  garbageCollection: ['GCEvent', 'MinorGC', 'MajorGC', 'BlinkGC.AtomicPhase', 'ThreadState::performIdleLazySweep'],
};
const kindOf = new Map(Object.entries(kinds).flatMap(([kind, names]) => names.map((name) => [name, kind])));

function kindOfEvent(event: TraceEvent): string {
  const known = kindOf.get(event.name);
  if (known) return known;
  if (event.name.startsWith('V8.GC') || event.name.includes('GC')) return 'garbageCollection';
  return `other: ${event.name}`;
}

function urlOf(event: TraceEvent): string | undefined {
  const url =
    event.args?.data?.url ||
    event.args?.fileName ||
    event.args?.data?.stackTrace?.[0]?.url ||
    event.args?.beginData?.url;
  return url ? url.split('?')[0]!.split('/').at(-1) || url : undefined;
}

/**
 * Splits a page load's trace: the renderer main thread of the page's document (the thread of its first ParseHTML),
 * each top-level task's CPU time (`tdur`) shared among its events by their self wall time.
 */
export function splitLoadTrace(events: TraceEvent[], origin: string): LoadSplit {
  const parse = events.find(
    (event) => event.name === 'ParseHTML' && String(event.args?.beginData?.url ?? '').startsWith(origin),
  );
  if (!parse) throw new Error('no ParseHTML of the page in the trace');
  const navigation =
    events.find(
      (event) =>
        event.name === 'navigationStart' &&
        event.pid === parse.pid &&
        String(event.args?.data?.documentLoaderURL ?? '').startsWith(origin),
    )?.ts ?? parse.ts;
  const fcp = events.find(
    (event) => event.name === 'firstContentfulPaint' && event.pid === parse.pid && event.ts >= navigation,
  );
  const main = events
    .filter((event) => event.pid === parse.pid && event.tid === parse.tid && event.ph === 'X' && event.ts >= navigation)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const split: LoadSplit = {
    cpuMs: 0,
    tasks: 0,
    longTasks: 0,
    blockingMs: 0,
    fcpMs: fcp ? (fcp.ts - navigation) / 1000 : 0,
    byKind: {},
    byScript: {},
    longest: [],
    scriptFiles: 0,
    scriptGzip: 0,
  };
  const add = (record: Record<string, number>, key: string, ms: number) => (record[key] = (record[key] ?? 0) + ms);
  let index = 0;
  const tasks: { label: string; cpuMs: number }[] = [];
  while (index < main.length) {
    const task = main[index]!;
    index += 1;
    if (task.name !== 'RunTask' && task.name !== 'ThreadControllerImpl::RunTask') continue;
    const end = task.ts + (task.dur ?? 0);
    const inside: TraceEvent[] = [task];
    while (index < main.length && main[index]!.ts < end) inside.push(main[index++]!);
    const cpuMs = (task.tdur ?? task.dur ?? 0) / 1000;
    const scale = task.dur ? cpuMs / (task.dur / 1000) : 1;
    // Self wall time of each event: its duration less its children's, by a stack of open events.
    const self = new Map<TraceEvent, number>(inside.map((event) => [event, event.dur ?? 0]));
    const parentOf = new Map<TraceEvent, TraceEvent | undefined>();
    const stack: TraceEvent[] = [];
    for (const event of inside) {
      while (stack.length > 0 && stack.at(-1)!.ts + (stack.at(-1)!.dur ?? 0) <= event.ts) stack.pop();
      const parent = stack.at(-1);
      parentOf.set(event, parent);
      if (parent) self.set(parent, self.get(parent)! - (event.dur ?? 0));
      stack.push(event);
    }
    const perLabel = new Map<string, number>();
    for (const event of inside) {
      const ms = (Math.max(0, self.get(event)!) / 1000) * scale;
      if (ms === 0) continue;
      // The kind of an event without one of its own (a nested RunTask, a V8 internal) is its nearest known ancestor's.
      let kindEvent: TraceEvent | undefined = event;
      while (kindEvent && kindOfEvent(kindEvent).startsWith('other') && parentOf.get(kindEvent))
        kindEvent = parentOf.get(kindEvent);
      const kind = kindOfEvent(kindEvent ?? event);
      add(split.byKind, kind, ms);
      let urlEvent: TraceEvent | undefined = event;
      while (urlEvent && !urlOf(urlEvent)) urlEvent = parentOf.get(urlEvent);
      const script = urlEvent ? urlOf(urlEvent)! : 'no script';
      if (kind.startsWith('script')) add(split.byScript, script, ms);
      const label = kind.startsWith('script') ? `${kind} ${script}` : kind;
      perLabel.set(label, (perLabel.get(label) ?? 0) + ms);
    }
    split.cpuMs += cpuMs;
    split.tasks += 1;
    if (cpuMs > 12.5) {
      split.longTasks += 1;
      split.blockingMs += cpuMs - 12.5;
    }
    const [label] = [...perLabel].sort((a, b) => b[1] - a[1])[0] ?? ['empty'];
    tasks.push({ label: `@${Math.round((task.ts - navigation) / 1000)} ${label}`, cpuMs });
  }
  split.longest = tasks.sort((a, b) => b.cpuMs - a.cpuMs).slice(0, 6);
  return split;
}
