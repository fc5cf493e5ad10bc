// The rest of the server reaches members of the team and invitations only through this file (eslint.import-rules.js).
export { authorListRoutes } from './author-list-routes.ts';
export { startTeamRetention } from './team-retention.ts';
export { teamRoutes } from './team-routes.ts';
