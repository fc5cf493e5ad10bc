import { lazy, Suspense, useId, useState } from 'react';
import type { StatsDay } from '@/content/types.gen.ts';
import { formatDate } from '@/ui/format-date.ts';
import { dayInWords, formatCount } from './stats-format.ts';
import styles from './stats-dashboard.module.css';
import { TableHead } from '../ui/table-head.tsx';
import { ScrollRegion } from '../ui/scroll-region.tsx';

// The chart library arrives with its own chunk, on this page only.
const SeriesChart = lazy(() => import('./series-chart.tsx'));

/** What the chart shows, in words: its accessible name. */
function chartName(series: StatsDay[]): string {
  const first = series[0];
  const last = series.at(-1);
  if (!first || !last) return 'Daily visitors and page views: no days in the range.';
  const busiest = series.reduce((best, day) => (day.pageViews > best.pageViews ? day : best), first);
  return (
    `Daily visitors and page views from ${formatDate(first.day)} to ${formatDate(last.day)}; ` +
    `the busiest day was ${formatDate(busiest.day)} with ${formatCount(busiest.pageViews)} page views ` +
    `and ${formatCount(busiest.visitors)} visitors.`
  );
}

/** The day the arrow keys, Home and End move to from `index`; undefined for any other key. */
function dayFromKey(key: string, index: number, days: number): number | undefined {
  const moves: Record<string, number> = {
    ArrowLeft: index - 1,
    ArrowDown: index - 1,
    ArrowRight: index + 1,
    ArrowUp: index + 1,
    PageDown: index - 7,
    PageUp: index + 7,
    Home: 0,
    End: days - 1,
  };
  const next = moves[key];
  return next === undefined ? undefined : Math.min(days - 1, Math.max(0, next));
}

/** The daily series as a line chart, with the same figures as a table for those who cannot see the chart. */
export function TrafficChart({ series }: { series: StatsDay[] }) {
  const [asTable, setAsTable] = useState(false);
  // The day read out: the last one until the pointer or the keyboard chooses another.
  const [point, setPoint] = useState<{ index: number; byKeyboard: boolean } | null>(null);
  const [pointSeries, setPointSeries] = useState(series);
  if (pointSeries !== series) {
    setPointSeries(series);
    setPoint(null);
  }
  const shown = point === null || point.index >= series.length ? series.length - 1 : point.index;
  const day = series[shown];
  const headingId = useId();
  const tableId = useId();
  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <div className={styles.panelHeader}>
        <h2 id={headingId}>Visitors and page views per day</h2>
        <button
          type="button"
          className="button button-secondary"
          aria-expanded={asTable}
          aria-controls={tableId}
          onClick={() => setAsTable((shown) => !shown)}
        >
          {asTable ? 'Hide the table' : 'Show as table'}
        </button>
      </div>
      <ul className={styles.legend} aria-hidden="true">
        <li>
          <span className={styles.visitorsKey} /> Visitors
        </li>
        <li>
          <span className={styles.pageViewsKey} /> Page views
        </li>
      </ul>
      <Suspense fallback={<div className={styles.chart} />}>
        <SeriesChart
          series={series}
          name={chartName(series)}
          keyboardDay={point?.byKeyboard ? shown : null}
          onPoint={(index) => setPoint({ index, byKeyboard: false })}
        />
      </Suspense>
      {day && (
        <div
          role="slider"
          tabIndex={0}
          className={styles.readout}
          aria-label="Day on the chart"
          aria-valuemin={1}
          aria-valuemax={series.length}
          aria-valuenow={shown + 1}
          aria-valuetext={dayInWords(day)}
          onKeyDown={(event) => {
            const next = dayFromKey(event.key, shown, series.length);
            if (next === undefined) return;
            event.preventDefault();
            setPoint({ index: next, byKeyboard: true });
          }}
        >
          {dayInWords(day)}
          <span className={styles.readoutHint}> · point at the chart, or use the arrow keys here</span>
        </div>
      )}
      <ScrollRegion
        id={tableId}
        hidden={!asTable}
        className={styles.seriesTable}
        aria-label="Daily figures"
        role="group"
      >
        <table className={styles.table}>
          <caption className="visually-hidden">Visitors, visits and page views per day</caption>
          <TableHead columns={['Day', 'Visitors', 'Visits', 'Page views']} />
          <tbody>
            {series.map((day) => (
              <tr key={day.day}>
                <th scope="row">
                  <time dateTime={day.day}>{formatDate(day.day)}</time>
                </th>
                <td>{formatCount(day.visitors)}</td>
                <td>{formatCount(day.visits)}</td>
                <td>{formatCount(day.pageViews)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </section>
  );
}
