import type { Dimension } from './rollup.ts';

/**
 * How many keys each breakdown (page, entry page, source, campaign, device, browser, operating system) may hold a day
 * and a month; the views of any further key are counted under `(other)`, as Plausible does. Without a bound, anyone
 * could grow the rollups, which are kept for good, by sending page views with new values.
 */
export interface KeyLimits {
  perDay: number;
  perMonth: number;
}

export const defaultKeyLimits: KeyLimits = { perDay: 500, perMonth: 2000 };

/** The key of whatever a breakdown has no room for, and of every path the site does not have. */
export const otherKey = '(other)';

interface Held {
  count: number;
  keys: Set<string>;
}

/** Which keys the rollups hold for a dimension and a period, and how many they hold in all. */
export interface HeldKeys {
  dimension: Dimension;
  /** A day (YYYY-MM-DD) or a month (YYYY-MM). */
  period: string;
  count: number;
  /** Those of the keys asked about that the rollups hold. */
  keys: string[];
}

/**
 * Decides the key each view is counted under, from what the rollups hold for the batch's days and months. A key
 * once given room keeps it for the day; a day or month without room stays so, since rollups only grow: so a stored
 * view's key was counted as itself exactly when the day's rollups hold it.
 */
export class KeyAllowance {
  private readonly held = new Map<string, Held>();

  constructor(
    private readonly limits: KeyLimits,
    held: HeldKeys[],
  ) {
    for (const { dimension, period, count, keys } of held) {
      this.held.set(`${dimension}\u0000${period}`, { count, keys: new Set(keys) });
    }
  }

  private of(dimension: Dimension, period: string): Held {
    const id = `${dimension}\u0000${period}`;
    let held = this.held.get(id);
    if (held === undefined) this.held.set(id, (held = { count: 0, keys: new Set() }));
    return held;
  }

  /** The key a view already stored was counted under. */
  known(dimension: Dimension, day: string, key: string): string {
    return key === otherKey || this.of(dimension, day).keys.has(key) ? key : otherKey;
  }

  /** The key a new view is counted under: its own while the day and the month have room for it. */
  add(dimension: Dimension, day: string, key: string): string {
    const daily = this.of(dimension, day);
    if (key === otherKey || daily.keys.has(key)) return key;
    const monthly = this.of(dimension, day.slice(0, 7));
    const newInMonth = !monthly.keys.has(key);
    if (daily.count >= this.limits.perDay || (newInMonth && monthly.count >= this.limits.perMonth)) return otherKey;
    daily.keys.add(key);
    daily.count += 1;
    if (newInMonth) {
      monthly.keys.add(key);
      monthly.count += 1;
    }
    return key;
  }
}
