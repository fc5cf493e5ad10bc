/**
 * Admin tasks on the server's database (DATA_DIR or DATABASE_URL, as for the server):
 *   npm run admin -- set-password EMAIL   changes a password and signs that user out everywhere
 *   npm run admin -- add-user EMAIL [--role ROLE]
 *                                         adds a member of the team (an administrator unless a role is given)
 * Both ask for the password twice without echoing it (or read two lines from a pipe).
 */
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { productionScryptCost } from '../server/auth/password.ts';
import { addUser } from '../server/auth/add-user.ts';
import { setPassword } from '../server/auth/set-password.ts';
import { readBrandFacts } from '../server/brand-facts.ts';
import { openDatabase } from '../server/store/database.ts';

const usage =
  'Usage: npm run admin -- set-password EMAIL\n' +
  '       npm run admin -- add-user EMAIL [--role administrator|editor|author|contributor]';

/** Asks questions on the terminal without echoing the answers; reads plain lines when input is piped. */
function createHiddenPrompt() {
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, callback) {
      if (!muted) process.stdout.write(chunk);
      callback();
    },
  });
  const reader = createInterface({ input: process.stdin, output, terminal: Boolean(process.stdin.isTTY) });
  const lines = reader[Symbol.asyncIterator]();
  return {
    async ask(question: string): Promise<string> {
      process.stdout.write(question);
      muted = true;
      const { value, done } = await lines.next();
      muted = false;
      process.stdout.write('\n');
      if (done) throw new Error('No password was given.');
      return value;
    },
    close: () => reader.close(),
  };
}

async function askPasswordTwice(question: string): Promise<string> {
  const prompt = createHiddenPrompt();
  const password = await prompt.ask(question);
  const repeated = await prompt.ask('The same password again: ');
  prompt.close();
  if (password !== repeated) throw new Error('The two passwords differ; nothing was changed.');
  return password;
}

async function onServerDatabase(task: (db: ReturnType<typeof openDatabase>) => Promise<void>): Promise<void> {
  const db = openDatabase({
    dataDir: process.env.DATA_DIR ?? 'data',
    databaseUrl: process.env.DATABASE_URL || undefined,
  });
  try {
    // The server owns the schema: setting it up here would make its first start skip the example posts.
    const tables = await db.introspection.getTables();
    if (!tables.some((table) => table.name === 'users')) {
      throw new Error('There is no database there yet: start the server once first (see DATA_DIR and DATABASE_URL).');
    }
    await task(db);
  } finally {
    await db.destroy();
  }
}

const commands: Record<string, (email: string, options: { role?: string }) => Promise<void>> = {
  async 'set-password'(email) {
    const password = await askPasswordTwice(`New password for ${email}: `);
    await onServerDatabase((db) =>
      setPassword(db, { email, password, passwordCost: productionScryptCost, now: new Date() }),
    );
    console.log(`Changed the password of ${email} and signed that user out everywhere.`);
  },
  async 'add-user'(email, { role = 'administrator' }) {
    const password = await askPasswordTwice(`Password for the new ${role} ${email}: `);
    const name = readBrandFacts().teamName;
    await onServerDatabase((db) =>
      addUser(db, { email, password, name, role, passwordCost: productionScryptCost, now: new Date() }),
    );
    console.log(`Added the ${role} ${email}: they can sign in at /admin.`);
  },
};

const [command, email, ...rest] = process.argv.slice(2);
const run = command !== undefined && Object.hasOwn(commands, command) ? commands[command] : undefined;
const roleOption = command === 'add-user' && rest.length === 2 && rest[0] === '--role' ? { role: rest[1] } : undefined;
if (run === undefined || email === undefined || (rest.length > 0 && roleOption === undefined)) {
  console.error(usage);
  process.exit(2);
}
try {
  await run(email, roleOption ?? {});
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
