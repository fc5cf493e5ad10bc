/**
 * Admin tasks on the server's database (DATA_DIR or DATABASE_URL, as for the server):
 *   npm run admin -- set-password EMAIL   changes a password and signs that user out everywhere
 *   npm run admin -- add-user EMAIL [--role ROLE]
 *                                         adds a member of the team (an administrator unless a role is given)
 * Both ask for the password twice without echoing it (or read two lines from a pipe). server/auth/admin-cli.ts does
 * the work.
 */
import { runAdminCli } from '../server/auth/admin-cli.ts';

process.exitCode = await runAdminCli(process.argv.slice(2), {
  input: process.stdin,
  output: process.stdout,
  errors: process.stderr,
  env: process.env,
});
