// The rest of the server reaches personal data: export, erasure and retention only through this file (eslint.import-rules.js).
export { privacyRoutes } from './privacy-routes.ts';
export { applyRetention, startRetention } from './retention.ts';
