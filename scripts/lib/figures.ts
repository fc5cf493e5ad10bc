/** The middle of a benchmark's figures (the upper of the two middles when their number is even). */
export const medianOf = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** A figure as the benchmarks print it: thousands grouped, at most `digits` decimals. */
export const formatFigure = (value: number, digits = 0): string =>
  value.toLocaleString('en-GB', { maximumFractionDigits: digits });
