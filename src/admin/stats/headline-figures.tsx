import type { StatsReport, StatsTotals } from '@/content/types.gen.ts';
import { describeRange } from './stats-range.ts';
import { formatCount, formatDuration, formatShare, pointsChange, relativeChange, type Change } from './stats-format.ts';
import styles from './stats-dashboard.module.css';

interface Figure {
  label: string;
  value: (totals: StatsTotals) => number;
  format: (value: number) => string;
  change: (current: number, previous: number) => Change;
  /** Whether a rise is good news: not for the bounce rate. */
  upIsGood: boolean;
}

const figures: Figure[] = [
  { label: 'Visitors', value: (t) => t.visitors, format: formatCount, change: relativeChange, upIsGood: true },
  { label: 'Visits', value: (t) => t.visits, format: formatCount, change: relativeChange, upIsGood: true },
  { label: 'Page views', value: (t) => t.pageViews, format: formatCount, change: relativeChange, upIsGood: true },
  { label: 'Bounce rate', value: (t) => t.bounceRate, format: formatShare, change: pointsChange, upIsGood: false },
  {
    label: 'Visit duration',
    value: (t) => t.visitDurationSeconds,
    format: formatDuration,
    change: relativeChange,
    upIsGood: true,
  },
];

const arrows = { up: '▲', down: '▼', same: '=' } as const;

/** The range's five headline figures, each with its change against the previous period in signs and in words. */
export function HeadlineFigures({ report }: { report: StatsReport }) {
  const previous = report.previous;
  return (
    <dl className={styles.figures}>
      {figures.map((figure) => {
        const current = figure.value(report.totals);
        const change = previous ? figure.change(current, figure.value(previous.totals)) : null;
        const tone =
          change === null || change.direction === 'same'
            ? 'neutral'
            : (change.direction === 'up') === figure.upIsGood
              ? 'good'
              : 'bad';
        return (
          <div key={figure.label} className={styles.figure}>
            <dt>{figure.label}</dt>
            <dd className={styles.value}>{figure.format(current)}</dd>
            {change && previous && (
              <dd className={styles.change} data-tone={tone}>
                <span aria-hidden="true">
                  {arrows[change.direction]} {change.text}
                </span>
                <span className="visually-hidden">
                  {change.words} on the previous period, {describeRange(previous)}
                </span>
              </dd>
            )}
          </div>
        );
      })}
    </dl>
  );
}
