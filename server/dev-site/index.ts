// The rest of the server reaches the development server (Vite inside Fastify, `npm run dev`) only through this file
// (eslint.import-rules.js).
export { createDevSite, type DevSite } from './dev-site.ts';
