/**
 * `npm run admin` (scripts/admin.ts): admin tasks on the server's database, as a function of its arguments, input,
 * output and settings, so that its tests run it in their own process (one test starts the script itself).
 */
import { createInterface } from 'node:readline';
import { Writable, type Readable } from 'node:stream';
import { openDatabase } from '../store/database.ts';
import { addUser, checkedRole } from './add-user.ts';
import { productionScryptCost } from './password.ts';
import { setPassword } from './set-password.ts';

const usage =
  'Usage: npm run admin -- set-password EMAIL\n' +
  '       npm run admin -- add-user EMAIL [--name "NAME"] [--role administrator|editor|author|contributor]';

export interface AdminCliContext {
  input: Readable & { isTTY?: boolean };
  output: Writable;
  errors: Writable;
  /** DATA_DIR and DATABASE_URL name the database, as for the server. */
  env: Record<string, string | undefined>;
  /** log2 of scrypt's N for the new password: production's unless a test asks for less. */
  passwordCost?: number;
}

/**
 * Asks questions on the terminal, echoing the answers only when asked to (never a password's); reads plain lines,
 * one per question, when input is piped.
 */
function createPrompt({ input, output }: AdminCliContext) {
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
    async ask(question: string, { hidden, missing }: { hidden: boolean; missing: string }): Promise<string> {
      output.write(question);
      muted = hidden;
      const { value, done } = await lines.next();
      muted = false;
      if (hidden) output.write('\n');
      if (done) throw new Error(missing);
      return value;
    },
    close: () => reader.close(),
  };
}

type Prompt = ReturnType<typeof createPrompt>;

async function askPasswordTwice(prompt: Prompt, question: string): Promise<string> {
  const missing = 'No password was given.';
  const password = await prompt.ask(question, { hidden: true, missing });
  const repeated = await prompt.ask('The same password again: ', { hidden: true, missing });
  if (password !== repeated) throw new Error('The two passwords differ; nothing was changed.');
  return password;
}

async function withPrompt<T>(context: AdminCliContext, ask: (prompt: Prompt) => Promise<T>): Promise<T> {
  const prompt = createPrompt(context);
  try {
    return await ask(prompt);
  } finally {
    prompt.close();
  }
}

async function onServerDatabase<T>(
  env: AdminCliContext['env'],
  task: (db: ReturnType<typeof openDatabase>) => Promise<T>,
): Promise<T> {
  const db = openDatabase({ dataDir: env.DATA_DIR ?? 'data', databaseUrl: env.DATABASE_URL || undefined });
  try {
    // The server owns the schema: setting it up here would make its first start skip the example posts.
    const tables = await db.introspection.getTables();
    if (!tables.some((table) => table.name === 'users')) {
      throw new Error('There is no database there yet: start the server once first (see DATA_DIR and DATABASE_URL).');
    }
    return await task(db);
  } finally {
    await db.destroy();
  }
}

interface Options {
  role?: string;
  name?: string;
}

type Command = (context: AdminCliContext, email: string, options: Options) => Promise<void>;

const commands: Record<string, Command> = {
  async 'set-password'(context, email) {
    const password = await withPrompt(context, (prompt) => askPasswordTwice(prompt, `New password for ${email}: `));
    const passwordCost = context.passwordCost ?? productionScryptCost;
    await onServerDatabase(context.env, (db) => setPassword(db, { email, password, passwordCost, now: new Date() }));
    context.output.write(`Changed the password of ${email} and signed that user out everywhere.\n`);
  },
  async 'add-user'(context, email, { role = 'administrator', name: given }) {
    // A role that cannot be given is said before anything is asked.
    checkedRole(role);
    // The name as an invitation asks for it: from --name, else asked first (a line of its own when input is piped).
    const { name, password } = await withPrompt(context, async (prompt) => ({
      name:
        given ??
        (await prompt.ask(`Name of the new ${role} ${email}, as shown on their posts: `, {
          hidden: false,
          missing: 'No name was given: give it with --name "NAME", or as the first line before the passwords.',
        })),
      password: await askPasswordTwice(prompt, `Password for the new ${role} ${email}: `),
    }));
    const passwordCost = context.passwordCost ?? productionScryptCost;
    const added = await onServerDatabase(context.env, (db) =>
      addUser(db, { email, password, name, role, passwordCost, now: new Date() }),
    );
    context.output.write(`Added the ${role} ${email} (${added.name}): they can sign in at /admin.\n`);
  },
};

/** `--role ROLE` and `--name NAME`, each at most once, in any order; undefined for anything else. */
function parseOptions(command: string, rest: readonly string[]): Options | undefined {
  if (rest.length === 0) return {};
  if (command !== 'add-user' || rest.length % 2 !== 0) return undefined;
  const options: Options = {};
  for (let at = 0; at < rest.length; at += 2) {
    const [flag, value] = [rest[at], rest[at + 1]!];
    const key = flag === '--role' ? 'role' : flag === '--name' ? 'name' : undefined;
    if (key === undefined || options[key] !== undefined) return undefined;
    options[key] = value;
  }
  return options;
}

/** Runs one command line (the arguments after `npm run admin --`); resolves with the exit status. */
export async function runAdminCli(args: readonly string[], context: AdminCliContext): Promise<number> {
  const [command, email, ...rest] = args;
  const run = command !== undefined && Object.hasOwn(commands, command) ? commands[command] : undefined;
  const options = command === undefined ? undefined : parseOptions(command, rest);
  if (run === undefined || email === undefined || options === undefined) {
    context.errors.write(`${usage}\n`);
    return 2;
  }
  try {
    await run(context, email, options);
    return 0;
  } catch (error) {
    context.errors.write(`${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}
