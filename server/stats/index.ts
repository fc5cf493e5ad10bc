// The rest of the server reaches page views and their report only through this file (eslint.import-rules.js).
export type { AddressLimit } from './address-limiter.ts';
export { startStatsCollector } from './collector.ts';
export type { KeyLimits } from './key-caps.ts';
export { readContentRoutes, sitePaths } from './site-paths.ts';
export { statsRoutes } from './stats-routes.ts';
export type { StatsRoutesOptions } from './stats-routes.ts';
export { storeViews } from './stats-store.ts';
