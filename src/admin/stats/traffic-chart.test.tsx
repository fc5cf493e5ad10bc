import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { aStatsReport } from '@/api/testing/stats-report.ts';
import type { StatsDay } from '@/content/types.gen.ts';
import { HeadlineFigures } from './headline-figures.tsx';
import { dayAxisLabels } from './stats-format.ts';
import { TrafficChart } from './traffic-chart.tsx';

// jsdom has no canvas: the chart library is replaced by one that keeps its options and where its cursor was put.
interface FakePlot {
  options: {
    hooks: { setCursor: ((plot: unknown) => void)[] };
    axes: { values: (self: unknown, ticks: number[]) => string[] }[];
  };
  cursor: { idx: number | null };
  moves: { left: number; top: number }[];
}
const plots = vi.hoisted(() => [] as FakePlot[]);
vi.mock('uplot', () => ({
  default: class {
    static tzDate = (date: Date) => date;
    cursor = { idx: null as number | null };
    moves: { left: number; top: number }[] = [];
    constructor(public options: FakePlot['options']) {
      plots.push(this as unknown as FakePlot);
    }
    valToPos(value: number) {
      return value;
    }
    setCursor(position: { left: number; top: number }) {
      this.moves.push(position);
    }
    setSize() {}
    destroy() {}
  },
}));

const series: StatsDay[] = [
  { day: '2025-12-30', visitors: 1, visits: 1, pageViews: 3 },
  { day: '2025-12-31', visitors: 12, visits: 14, pageViews: 30 },
  { day: '2026-01-01', visitors: 7, visits: 9, pageViews: 21 },
];

beforeEach(() => {
  plots.length = 0;
});

describe('the daily chart', () => {
  it('reads out the day under the pointer, and each day by keyboard, marking it on the chart', async () => {
    const user = userEvent.setup();
    render(<TrafficChart series={series} />);
    const readout = await screen.findByRole('slider', { name: 'Day on the chart' });
    expect(readout).toHaveAttribute('aria-valuetext', '01 Jan 2026: 7 visitors, 9 visits, 21 page views');
    await vi.waitFor(() => expect(plots).toHaveLength(1));
    const plot = plots[0]!;

    // The pointer over the second day.
    plot.cursor.idx = 1;
    plot.options.hooks.setCursor.forEach((hook) => hook(plot));
    await vi.waitFor(() => expect(readout).toHaveTextContent('31 Dec 2025: 12 visitors, 14 visits, 30 page views'));
    expect(plot.moves).toEqual([]);

    // The keyboard: past the table's button to the readout, then along the days.
    await user.tab();
    expect(screen.getByRole('button', { name: 'Show as table' })).toHaveFocus();
    await user.tab();
    expect(readout).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(readout).toHaveAttribute('aria-valuetext', '30 Dec 2025: 1 visitor, 1 visit, 3 page views');
    expect(readout).toHaveAttribute('aria-valuenow', '1');
    expect(plot.moves.at(-1)).toEqual({ left: Date.parse('2025-12-30T00:00:00Z') / 1000, top: 3 });
    await user.keyboard('{ArrowLeft}');
    expect(readout).toHaveAttribute('aria-valuenow', '1');
    await user.keyboard('{End}');
    expect(readout).toHaveTextContent('01 Jan 2026: 7 visitors, 9 visits, 21 page views');
  });

  it('names the year on its day axis, on the first tick and where it changes', () => {
    const ticks = ['2025-12-01', '2026-01-01', '2026-02-01', '2026-03-01'].map(
      (day) => Date.parse(`${day}T00:00:00Z`) / 1000,
    );
    expect(dayAxisLabels(ticks)).toEqual(['01 Dec 2025', '01 Jan 2026', '01 Feb', '01 Mar']);
    render(<TrafficChart series={series} />);
    return vi.waitFor(() => expect(plots[0]?.options.axes[0]!.values(null, ticks)).toEqual(dayAxisLabels(ticks)));
  });
});

describe('the headline figures', () => {
  it('compare no rate or duration with a previous period that had no visits', () => {
    const report = aStatsReport('2026-11-01', '2026-11-07');
    report.previous!.totals = { visitors: 0, visits: 0, pageViews: 0, bounceRate: 0, visitDurationSeconds: 0 };
    render(<HeadlineFigures report={report} />);
    const figure = (label: string) => screen.getByText(label, { selector: 'dt' }).closest('div')!;
    const bounce = figure('Bounce rate');
    expect(bounce).toHaveTextContent('40 %');
    expect(bounce).not.toHaveTextContent(/pts/);
    const change = within(bounce)
      .getByText(/not comparable, no visits in the previous period/)
      .closest('dd')!;
    expect(change).toHaveAttribute('data-tone', 'neutral');
    expect(figure('Visit duration')).toHaveTextContent(/not comparable/);
    // Counts still say they are new.
    expect(figure('Visitors')).toHaveTextContent('▲ new');
  });
});
