// The rest of src/api reaches the leads' API calls only through this file (eslint.import-rules.js); the app's pages
// import each call from its own module.
export { leadsQueryKey } from './lead-query-key.ts';
