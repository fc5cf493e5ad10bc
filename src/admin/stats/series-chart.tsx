import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { StatsDay } from '@/content/types.gen.ts';
import { formatDate } from '@/ui/format-date.ts';
import { formatCount } from './stats-format.ts';
import styles from './stats-dashboard.module.css';

// The design's primary and accent ink, which keep 4.5:1 against white.
const colours = { visitors: '#2540d9', pageViews: '#b53c0f', axis: '#5b6578', grid: '#d9e0ec' };
const height = 260;

function chartData(series: StatsDay[]): uPlot.AlignedData {
  return [
    series.map((day) => Date.parse(`${day.day}T00:00:00Z`) / 1000),
    series.map((day) => day.visitors),
    series.map((day) => day.pageViews),
  ];
}

function chartOptions(width: number, days: number): uPlot.Options {
  const axis = {
    stroke: colours.axis,
    grid: { stroke: colours.grid, width: 1 },
    ticks: { stroke: colours.grid, width: 1 },
  };
  return {
    width,
    height,
    // Days are UTC days: read the timestamps in UTC, not in the browser's zone.
    tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
    legend: { show: false },
    cursor: { drag: { x: false, y: false }, points: { size: 8 } },
    scales: { y: { range: (_self, _min, max) => [0, Math.max(4, Math.ceil(max * 1.1))] } },
    axes: [
      { ...axis, values: (_self, ticks) => ticks.map((tick) => formatDate(new Date(tick * 1000)).slice(0, 6)) },
      { ...axis, size: 56, values: (_self, ticks) => ticks.map((tick) => formatCount(tick)) },
    ],
    series: [
      {},
      { label: 'Visitors', stroke: colours.visitors, width: 2, points: { show: days <= 31 } },
      { label: 'Page views', stroke: colours.pageViews, width: 2, points: { show: days <= 31 } },
    ],
  };
}

interface SeriesChartProps {
  series: StatsDay[];
  /** The chart's accessible name: what it shows, in words. */
  name: string;
}

/** The daily series drawn by uPlot on a canvas as wide as its box. Loaded lazily: it holds the chart library. */
export default function SeriesChart({ series, name }: SeriesChartProps) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const plot = new uPlot(chartOptions(element.clientWidth, series.length), chartData(series), element);
    const resize = new ResizeObserver(() => plot.setSize({ width: element.clientWidth, height }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [series]);
  return <div ref={box} className={styles.chart} role="img" aria-label={name} data-chart="series" />;
}
