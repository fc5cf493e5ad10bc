import type { StatsReport, StatsTotals } from '@/content/types.gen.ts';
import { describeRange } from './stats-range.ts';
import {
  formatCount,
  formatDuration,
  formatShare,
  notComparable,
  pointsChange,
  relativeChange,
  type Change,
} from './stats-format.ts';
import styles from './stats-dashboard.module.css';

interface Figure {
  label: string;
  value: (totals: StatsTotals) => number;
  format: (value: number) => string;
  change: (current: number, previous: number) => Change;
  /** Whether a rise is good news: not for the bounce rate. */
  upIsGood: boolean;
  /** A share or an average of visits, which a period without visits does not have. */
  perVisit?: boolean;
}

const figures: Figure[] = [
  { label: 'Visitors', value: (t) => t.visitors, format: formatCount, change: relativeChange, upIsGood: true },
  { label: 'Visits', value: (t) => t.visits, format: formatCount, change: relativeChange, upIsGood: true },
  { label: 'Page views', value: (t) => t.pageViews, format: formatCount, change: relativeChange, upIsGood: true },
  {
    label: 'Bounce rate',
    value: (t) => t.bounceRate,
    format: formatShare,
    change: pointsChange,
    upIsGood: false,
    perVisit: true,
  },
  {
    label: 'Visit duration',
    value: (t) => t.visitDurationSeconds,
    format: formatDuration,
    change: relativeChange,
    upIsGood: true,
    perVisit: true,
  },
];

function changeOf(figure: Figure, totals: StatsTotals, previous: StatsTotals): Change {
  if (figure.perVisit && previous.visits === 0) return notComparable('previous');
  if (figure.perVisit && totals.visits === 0) return notComparable('current');
  return figure.change(figure.value(totals), figure.value(previous));
}

const arrows = { up: '▲ ', down: '▼ ', same: '= ', none: '' } as const;

/** The range's five headline figures, each with its change against the previous period in signs and in words. */
export function HeadlineFigures({ report }: { report: StatsReport }) {
  const previous = report.previous;
  return (
    <dl className={styles.figures}>
      {figures.map((figure) => {
        const current = figure.value(report.totals);
        const change = previous ? changeOf(figure, report.totals, previous.totals) : null;
        const tone =
          change === null || change.direction === 'same' || change.direction === 'none'
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
                  {arrows[change.direction]}
                  {change.text}
                </span>
                <span className="visually-hidden">
                  {change.direction === 'none'
                    ? `${change.words}: ${describeRange(previous)}`
                    : `${change.words} on the previous period, ${describeRange(previous)}`}
                </span>
              </dd>
            )}
          </div>
        );
      })}
    </dl>
  );
}
