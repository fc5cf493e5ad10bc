/**
 * `npm run test:crash -- --kills N` (20 by default): the production server on a SQLite file, written to by four
 * connections (posts, changes to posts kept as revisions, image uploads, enquiries) and killed with SIGKILL mid-write
 * N times; then every acknowledged write must still be there, every enquiry's notification must have reached a local
 * SMTP server, and SQLite must find the file intact. `--minutes M` stops
 * killing after M minutes and checks the kills done so far. Prints progress every 50 kills and the totals; exits 1
 * on any loss.
 */
import { rmSync } from 'node:fs';
import { crashRounds } from '../server/test-support/crash-rounds.ts';
import { temporaryDirectory } from '../server/test-support/test-app.ts';
import { wholeNumberOption } from './lib/cli-options.ts';

const kills = wholeNumberOption('kills', 20);
const writers = wholeNumberOption('writers', 4);
const minutes = process.argv.some((arg) => arg.startsWith('--minutes')) ? wholeNumberOption('minutes', 0) : undefined;
const dataDir = temporaryDirectory('northbeam-crash-');
const started = Date.now();
try {
  const report = await crashRounds({
    dataDir,
    kills,
    writers,
    deadline: minutes === undefined ? undefined : started + minutes * 60_000,
    onRound(round, acknowledged) {
      if (round % 50 === 0 || round === kills)
        console.log(`${round}/${kills} kills, ${acknowledged} writes acknowledged`);
    },
  });
  const duration = ((Date.now() - started) / 60_000).toFixed(1);
  const written = Object.entries(report.acknowledged).map(([name, count]) => `${count} ${name}`);
  const lost = Object.values(report.lost).reduce((sum, keys) => sum + keys.length, 0);
  console.log(
    `${report.kills} of ${kills} kills in ${duration} min: ${written.join(', ')} acknowledged, ${lost} lost; ` +
      `integrity_check ${report.integrity}, ${report.foreignKeyProblems} foreign key problems, ` +
      `${report.unexpected.length} unexpected answers`,
  );
  for (const [name, keys] of Object.entries(report.lost)) console.log(`lost ${name}: ${keys.slice(0, 20).join(', ')}`);
  for (const answer of report.unexpected.slice(0, 20)) console.log(`unexpected: ${answer}`);
  const failed = lost > 0 || report.unexpected.length > 0 || report.integrity !== 'ok' || report.foreignKeyProblems > 0;
  process.exitCode = failed ? 1 : 0;
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
