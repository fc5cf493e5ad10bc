import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { StatsDay } from '@/content/types.gen.ts';
import { dayAxisLabels, formatCount } from './stats-format.ts';
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

function chartOptions(width: number, days: number, onPoint: (index: number) => void): uPlot.Options {
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
    // The day under the pointer is read out beside the chart.
    hooks: {
      setCursor: [
        (plot) => {
          if (plot.cursor.idx != null) onPoint(plot.cursor.idx);
        },
      ],
    },
    scales: { y: { range: (_self, _min, max) => [0, Math.max(4, Math.ceil(max * 1.1))] } },
    axes: [
      { ...axis, space: 64, values: (_self, ticks) => dayAxisLabels(ticks) },
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
  /** The day chosen by keyboard, marked on the chart; null while the pointer chooses. */
  keyboardDay: number | null;
  /** Called with the day under the pointer. */
  onPoint: (index: number) => void;
}

/** The daily series drawn by uPlot on a canvas as wide as its box. Loaded lazily: it holds the chart library. */
export default function SeriesChart({ series, name, keyboardDay, onPoint }: SeriesChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const plotRef = useRef<uPlot | null>(null);
  const pointed = useRef(onPoint);
  useEffect(() => {
    pointed.current = onPoint;
  });
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const data = chartData(series);
    const plot = new uPlot(
      chartOptions(element.clientWidth, series.length, (index) => pointed.current(index)),
      data,
      element,
    );
    plotRef.current = plot;
    const resize = new ResizeObserver(() => plot.setSize({ width: element.clientWidth, height }));
    resize.observe(element);
    return () => {
      plotRef.current = null;
      resize.disconnect();
      plot.destroy();
    };
  }, [series]);
  useEffect(() => {
    const plot = plotRef.current;
    const day = keyboardDay === null ? undefined : series[keyboardDay];
    // Moves the chart's own cursor to the day chosen by keyboard; the pointer moves it itself.
    if (!plot || !day || plot.cursor.idx === keyboardDay) return;
    const x = Date.parse(`${day.day}T00:00:00Z`) / 1000;
    plot.setCursor({ left: plot.valToPos(x, 'x'), top: plot.valToPos(day.pageViews, 'y') });
  }, [series, keyboardDay]);
  return <div ref={box} className={styles.chart} role="img" aria-label={name} data-chart="series" />;
}
