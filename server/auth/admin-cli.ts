/**
 * `npm run admin` (scripts/admin.ts): admin tasks on the server's database, as a function of its arguments, input,
 * output and settings, so that its tests run it in their own process (one test starts the script itself).
 */
import { createInterface } from 'node:readline';
import { Writable, type Readable } from 'node:stream';
import { readBrandFacts } from '../brand-facts.ts';
import { openDatabase } from '../store/database.ts';
import { addUser } from './add-user.ts';
import { productionScryptCost } from './password.ts';
import { setPassword } from './set-password.ts';

const usage =
  'Usage: npm run admin -- set-password EMAIL\n' +
  '       npm run admin -- add-user EMAIL [--role administrator|editor|author|contributor]';

export interface AdminCliContext {
  input: Readable & { isTTY?: boolean };
  output: Writable;
  errors: Writable;
  /** DATA_DIR and DATABASE_URL name the database, as for the server. */
  env: Record<string, string | undefined>;
  /** log2 of scrypt's N for the new password: production's unless a test asks for less. */
  passwordCost?: number;
}

/** Asks questions on the terminal without echoing the answers; reads plain lines when input is piped. */
function createHiddenPrompt({ input, output }: AdminCliContext) {
  let muted = false;
  const echo = new Writable({
    write(chunk, _encoding, callback) {
      if (!muted) output.write(chunk);
      callback();
    },
  });
  const reader = createInterface({ input, output: echo, terminal: Boolean(input.isTTY) });
  const lines = reader[Symbol.asyncIterator]();
  return {
    async ask(question: string): Promise<string> {
      output.write(question);
      muted = true;
      const { value, done } = await lines.next();
      muted = false;
      output.write('\n');
      if (done) throw new Error('No password was given.');
      return value;
    },
    close: () => reader.close(),
  };
}

async function askPasswordTwice(context: AdminCliContext, question: string): Promise<string> {
  const prompt = createHiddenPrompt(context);
  try {
    const password = await prompt.ask(question);
    const repeated = await prompt.ask('The same password again: ');
    if (password !== repeated) throw new Error('The two passwords differ; nothing was changed.');
    return password;
  } finally {
    prompt.close();
  }
}

async function onServerDatabase(
  env: AdminCliContext['env'],
  task: (db: ReturnType<typeof openDatabase>) => Promise<void>,
): Promise<void> {
  const db = openDatabase({ dataDir: env.DATA_DIR ?? 'data', databaseUrl: env.DATABASE_URL || undefined });
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

type Command = (context: AdminCliContext, email: string, options: { role?: string }) => Promise<void>;

const commands: Record<string, Command> = {
  async 'set-password'(context, email) {
    const password = await askPasswordTwice(context, `New password for ${email}: `);
    const passwordCost = context.passwordCost ?? productionScryptCost;
    await onServerDatabase(context.env, (db) => setPassword(db, { email, password, passwordCost, now: new Date() }));
    context.output.write(`Changed the password of ${email} and signed that user out everywhere.\n`);
  },
  async 'add-user'(context, email, { role = 'administrator' }) {
    const password = await askPasswordTwice(context, `Password for the new ${role} ${email}: `);
    const name = readBrandFacts().teamName;
    const passwordCost = context.passwordCost ?? productionScryptCost;
    await onServerDatabase(context.env, (db) =>
      addUser(db, { email, password, name, role, passwordCost, now: new Date() }),
    );
    context.output.write(`Added the ${role} ${email}: they can sign in at /admin.\n`);
  },
};

/** Runs one command line (the arguments after `npm run admin --`); resolves with the exit status. */
export async function runAdminCli(args: readonly string[], context: AdminCliContext): Promise<number> {
  const [command, email, ...rest] = args;
  const run = command !== undefined && Object.hasOwn(commands, command) ? commands[command] : undefined;
  const roleOption =
    command === 'add-user' && rest.length === 2 && rest[0] === '--role' ? { role: rest[1] } : undefined;
  if (run === undefined || email === undefined || (rest.length > 0 && roleOption === undefined)) {
    context.errors.write(`${usage}\n`);
    return 2;
  }
  try {
    await run(context, email, roleOption ?? {});
    return 0;
  } catch (error) {
    context.errors.write(`${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}
