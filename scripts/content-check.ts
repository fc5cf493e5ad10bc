/**
 * Validates every content document and prints one line per problem
 * ("content/x.json /sections/2/heading: ..."); exits 1 if any. The Vite plugin runs the same check.
 */
import { checkContent, formatProblem } from '../server/content-studio/content-check.ts';

const { problems, documents, routes } = checkContent();

if (problems.length > 0) {
  console.error(problems.map(formatProblem).join('\n'));
  console.error(`\ncontent:check: ${problems.length} problem(s) in ${documents} documents`);
  process.exit(1);
}
console.log(`content:check: ${documents} documents valid, ${routes.size} routes`);
