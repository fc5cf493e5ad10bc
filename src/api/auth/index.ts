// The rest of src/api reaches the sign-in's API calls only through this file (eslint.import-rules.js); the app's pages
// import each call from its own module.
export { signedIn } from './log-in.ts';
