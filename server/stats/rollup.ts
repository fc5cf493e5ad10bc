import { randomUUID } from 'node:crypto';

/** A visit ends after 30 minutes without a page view. */
export const visitTimeoutMs = 30 * 60 * 1000;

/** The breakdowns whose key is the visit's (its first view's), counted by visits. */
export const visitDimensions = ['entry', 'source', 'campaign', 'device', 'browser', 'os'] as const;
export type VisitDimension = (typeof visitDimensions)[number];
/** Every breakdown of the daily rollups. */
export type Dimension = 'page' | VisitDimension;

/** A page view as the collector took it: no address, only the day's visitor hash. */
export interface ViewEvent {
  /** ISO time of arrival. */
  at: string;
  /** YYYY-MM-DD (UTC) of `at`. */
  day: string;
  visitor: string;
  path: string;
  referrerHost: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  utmTerm: string | null;
  utmContent: string | null;
  device: string;
  browser: string;
  os: string;
}

/** A page view as stored: which visit it belongs to, and whether it began it. */
export interface StoredView extends ViewEvent {
  visitId: string;
  entry: boolean;
}

export interface Counts {
  visitors: number;
  visits: number;
  pageViews: number;
}

export interface TotalsDelta extends Counts {
  bounces: number;
  durationMs: number;
}

/** What a batch of views adds to the rollups: totals per day, and counts per day, dimension and key. */
export interface RollupDelta {
  totals: Map<string, TotalsDelta>;
  /** Keyed by `${dimension}\u0000${day}\u0000${key}`. */
  breakdowns: Map<string, Counts>;
}

/** Where a visit came from: its utm_source when tagged, else the other site's host, else "(direct)". */
export function sourceOf(view: Pick<ViewEvent, 'utmSource' | 'referrerHost'>): string {
  return view.utmSource || view.referrerHost || '(direct)';
}

/** Each breakdown's key of a view as sent (null: the view has none), before any key is counted as `(other)`. */
export function viewKeys(view: ViewEvent): Record<Dimension, string | null> {
  return {
    page: view.path,
    entry: view.path,
    source: sourceOf(view),
    campaign: view.utmCampaign || null,
    device: view.device,
    browser: view.browser,
    os: view.os,
  };
}

/** The key a view is counted under in a breakdown: a stored view's as it was counted, a new view's as it is now. */
export interface KeyChoice {
  known(dimension: Dimension, day: string, key: string): string;
  add(dimension: Dimension, day: string, key: string): string;
}

const everyKey: KeyChoice = { known: (_dimension, _day, key) => key, add: (_dimension, _day, key) => key };

interface Visit {
  id: string;
  lastAt: number;
  views: number;
  keys: Record<VisitDimension, string | null>;
  paths: Set<string>;
}

/** What is known of one visitor on one day. */
interface VisitorDay {
  visit: Visit | undefined;
  paths: Set<string>;
  keys: Record<VisitDimension, Set<string>>;
}

export function breakdownKey(dimension: Dimension, day: string, key: string): string {
  return `${dimension}\u0000${day}\u0000${key}`;
}

export function splitBreakdownKey(compound: string): { dimension: Dimension; day: string; key: string } {
  const [dimension, day, key] = compound.split('\u0000') as [Dimension, string, string];
  return { dimension, day, key };
}

/**
 * Replays a visitor-day's views in order: the views already stored (to learn which visitors, visits, pages and keys
 * the rollups have counted) and then the new ones, whose additions to the rollups it returns with the new views as
 * they are to be stored. A visitor's hash changes with the day's salt, so no visit spans two days.
 */
export class RollupReplay {
  private readonly days = new Map<string, VisitorDay>();
  readonly delta: RollupDelta = { totals: new Map(), breakdowns: new Map() };

  constructor(private readonly keys: KeyChoice = everyKey) {}

  private visitorDay(day: string, visitor: string): { state: VisitorDay; fresh: boolean } {
    const id = `${day}\u0000${visitor}`;
    let state = this.days.get(id);
    const fresh = state === undefined;
    if (state === undefined) {
      state = {
        visit: undefined,
        paths: new Set(),
        keys: {
          entry: new Set(),
          source: new Set(),
          campaign: new Set(),
          device: new Set(),
          browser: new Set(),
          os: new Set(),
        },
      };
      this.days.set(id, state);
    }
    return { state, fresh };
  }

  /** A view already counted in the rollups. */
  known(view: StoredView): void {
    this.step(view, view.visitId, false);
  }

  /** A new view: counted in `delta`, and returned as it is to be stored. */
  add(view: ViewEvent): StoredView {
    return this.step(view, undefined, true);
  }

  private totals(day: string): TotalsDelta {
    let totals = this.delta.totals.get(day);
    if (totals === undefined) {
      totals = { visitors: 0, visits: 0, pageViews: 0, bounces: 0, durationMs: 0 };
      this.delta.totals.set(day, totals);
    }
    return totals;
  }

  private counts(dimension: Dimension, day: string, key: string): Counts {
    const compound = breakdownKey(dimension, day, key);
    let counts = this.delta.breakdowns.get(compound);
    if (counts === undefined) {
      counts = { visitors: 0, visits: 0, pageViews: 0 };
      this.delta.breakdowns.set(compound, counts);
    }
    return counts;
  }

  private step(view: ViewEvent, knownVisitId: string | undefined, count: boolean): StoredView {
    const { day } = view;
    const { state, fresh } = this.visitorDay(day, view.visitor);
    const at = Date.parse(view.at);
    const previous = state.visit;
    const entry = previous === undefined || at - previous.lastAt > visitTimeoutMs;
    const totals = count ? this.totals(day) : undefined;
    const keyOf = (dimension: Dimension, key: string | null) =>
      key === null ? null : count ? this.keys.add(dimension, day, key) : this.keys.known(dimension, day, key);
    const sent = viewKeys(view);
    let visit: Visit;
    if (entry) {
      const keys = Object.fromEntries(
        visitDimensions.map((dimension) => [dimension, keyOf(dimension, sent[dimension])]),
      ) as Record<VisitDimension, string | null>;
      visit = { id: knownVisitId ?? randomUUID(), lastAt: at, views: 0, keys, paths: new Set() };
      state.visit = visit;
      if (totals) {
        totals.visits += 1;
        totals.bounces += 1;
        if (fresh) totals.visitors += 1;
      }
      for (const dimension of visitDimensions) {
        const key = visit.keys[dimension];
        if (key === null) continue;
        const counts = count ? this.counts(dimension, day, key) : undefined;
        if (counts) counts.visits += 1;
        if (!state.keys[dimension].has(key)) {
          state.keys[dimension].add(key);
          if (counts) counts.visitors += 1;
        }
      }
    } else {
      visit = previous!;
      if (totals) {
        if (visit.views === 1) totals.bounces -= 1;
        totals.durationMs += Math.max(0, at - visit.lastAt);
      }
      visit.lastAt = Math.max(visit.lastAt, at);
    }
    visit.views += 1;
    const path = keyOf('page', view.path)!;
    if (count) {
      totals!.pageViews += 1;
      for (const dimension of visitDimensions) {
        const key = visit.keys[dimension];
        if (key !== null) this.counts(dimension, day, key).pageViews += 1;
      }
      const page = this.counts('page', day, path);
      page.pageViews += 1;
      if (!visit.paths.has(path)) page.visits += 1;
      if (!state.paths.has(path)) page.visitors += 1;
    }
    visit.paths.add(path);
    state.paths.add(path);
    return { ...view, visitId: visit.id, entry };
  }
}
