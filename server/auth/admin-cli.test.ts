import { rmSync } from 'node:fs';
import { Readable, Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type StoreLocation } from '../store/database.ts';
import { runScript, type ScriptResult } from '../test-support/run-script.ts';
import {
  createTestApp,
  sameOrigin,
  signIn,
  temporaryDirectory,
  testAdmin,
  type TestApp,
} from '../test-support/test-app.ts';

import { runAdminCli } from './admin-cli.ts';
import { productionScryptCost, testScryptCost } from './password.ts';

const settings = (store: StoreLocation) => ({ DATA_DIR: store.dataDir, DATABASE_URL: store.databaseUrl ?? '' });

/** `npm run admin -- ARGS` in this process (one test below starts the script itself), with the test's scrypt cost. */
async function runAdmin(args: string[], input: string, store: StoreLocation): Promise<ScriptResult> {
  let output = '';
  const collect = () =>
    new Writable({
      write(chunk: Buffer, _encoding, callback) {
        output += chunk.toString();
        callback();
      },
    });
  const code = await runAdminCli(args, {
    input: Readable.from([input]),
    output: collect(),
    errors: collect(),
    env: settings(store),
    passwordCost: testScryptCost,
  });
  return { code, output };
}

async function storedPasswordHash(store: StoreLocation, email: string): Promise<string> {
  const db = openDatabase(store);
  try {
    const user = await db
      .selectFrom('users')
      .select('password_hash')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    return user.password_hash;
  } finally {
    await db.destroy();
  }
}

let testApp: TestApp;
let cookie: string;

beforeAll(async () => {
  testApp = await createTestApp();
  cookie = await signIn(testApp.app);
});
afterAll(() => testApp.close());

const newPassword = 'a fresh passphrase for the editor';

describe('npm run admin -- set-password EMAIL', () => {
  it('refuses two different answers and changes nothing', async () => {
    const result = await runAdmin(['set-password', testAdmin.email], `${newPassword}\nsomething else\n`, testApp.store);
    expect(result.code).toBe(1);
    expect(result.output).toContain('The two passwords differ; nothing was changed.');
    expect((await testApp.app.inject({ url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(200);
  });

  it('refuses a password that is too short', async () => {
    const result = await runAdmin(['set-password', testAdmin.email], 'short\nshort\n', testApp.store);
    expect(result.code).toBe(1);
    expect(result.output).toContain('at least 12 characters');
  });

  // The one test that starts the script itself: tsx compiles it and what it imports as it starts, many seconds on two
  // cores shared with other runners.
  it("as the npm script, sets the password read twice from a pipe, without printing it, with production's cost, and ends the user's sessions", async () => {
    const result = await runScript(
      'admin.ts',
      ['set-password', testAdmin.email],
      settings(testApp.store),
      `${newPassword}\n${newPassword}\n`,
    );
    expect(result.code).toBe(0);
    expect(result.output).toContain(`Changed the password of ${testAdmin.email}`);
    expect(result.output).not.toContain(newPassword);
    expect((await storedPasswordHash(testApp.store, testAdmin.email)).split('$').slice(0, 2)).toEqual([
      'scrypt',
      String(productionScryptCost),
    ]);

    // Without ADMIN_EMAIL/ADMIN_PASSWORD, which would otherwise set the old password again at start-up.
    const app = await testApp.restart({ adminEmail: undefined, adminPassword: undefined });
    expect((await app.inject({ url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(401);
    const logIn = (password: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: sameOrigin,
        payload: { email: testAdmin.email, password },
      });
    expect((await logIn(testAdmin.password)).statusCode).toBe(401);
    expect((await logIn(newPassword)).statusCode).toBe(200);
  }, 180_000);

  it('leaves a database the server never set up alone', async () => {
    const empty = { dataDir: temporaryDirectory() };
    const result = await runAdmin(['set-password', testAdmin.email], `${newPassword}\n${newPassword}\n`, empty);
    expect(result.code).toBe(1);
    expect(result.output).toContain('There is no database there yet: start the server once first');
    rmSync(empty.dataDir, { recursive: true, force: true });
  });

  it('explains its usage and names an unknown user', async () => {
    expect((await runAdmin(['reset'], '', testApp.store)).output).toContain(
      'Usage: npm run admin -- set-password EMAIL',
    );
    const unknown = await runAdmin(
      ['set-password', 'nobody@example.com'],
      `${newPassword}\n${newPassword}\n`,
      testApp.store,
    );
    expect(unknown.code).toBe(1);
    expect(unknown.output).toContain('No user has the e-mail address nobody@example.com.');
  });
});

describe('npm run admin -- add-user EMAIL', () => {
  const newAdmin = { email: 'second.editor@northbeam.example', password: 'another long passphrase' };

  it('adds an admin named by --name whose password is read twice from a pipe, who can then sign in', async () => {
    const result = await runAdmin(
      ['add-user', newAdmin.email, '--name', 'Grace Hopper'],
      `${newAdmin.password}\n${newAdmin.password}\n`,
      testApp.store,
    );
    expect(result.output).toContain(`Added the administrator ${newAdmin.email} (Grace Hopper)`);
    expect(result.output).not.toContain(newAdmin.password);
    expect(result.code).toBe(0);
    const app = await testApp.restart({ adminEmail: undefined, adminPassword: undefined });
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: sameOrigin,
      payload: newAdmin,
    });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ name: 'Grace Hopper', email: newAdmin.email, role: 'administrator' });
  });

  it('asks for the name first without --name, and reads it as the first line from a pipe', async () => {
    const writer = { email: 'writer@northbeam.example', password: 'a writer’s long passphrase' };
    const result = await runAdmin(
      ['add-user', writer.email, '--role', 'contributor'],
      `Ada Lovelace\n${writer.password}\n${writer.password}\n`,
      testApp.store,
    );
    expect(result.output).toContain(`Name of the new contributor ${writer.email}, as shown on their posts:`);
    expect(result.output).toContain(`Added the contributor ${writer.email} (Ada Lovelace)`);
    expect(result.code).toBe(0);
    const app = await testApp.restart({ adminEmail: undefined, adminPassword: undefined });
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: sameOrigin,
      payload: writer,
    });
    expect(login.json()).toMatchObject({ name: 'Ada Lovelace', email: writer.email, role: 'contributor' });
  });

  it('keeps a name to one line: control characters become spaces', async () => {
    const email = 'one.line@northbeam.example';
    const result = await runAdmin(
      ['add-user', email, '--role', 'author', '--name', 'Katherine\r\nJohnson\u0007'],
      `${newPassword}\n${newPassword}\n`,
      testApp.store,
    );
    expect(result.code).toBe(0);
    expect(result.output).toContain(`Added the author ${email} (Katherine Johnson)`);
    const db = openDatabase(testApp.store);
    try {
      const user = await db.selectFrom('users').select('name').where('email', '=', email).executeTakeFirstOrThrow();
      expect(user.name).toBe('Katherine Johnson');
    } finally {
      await db.destroy();
    }
  });

  it.each([
    [['fourth@northbeam.example', '--role', 'owner'], `${newPassword}\n${newPassword}\n`, 'The site has one owner'],
    [['fourth@northbeam.example', '--role', 'boss'], `${newPassword}\n${newPassword}\n`, '"boss" is not a role'],
    [[testAdmin.email, '--name', 'Again'], `${newPassword}\n${newPassword}\n`, 'exists already: use set-password'],
    [['not-an-address', '--name', 'Nobody'], `${newPassword}\n${newPassword}\n`, 'is not an e-mail address'],
    [['third@northbeam.example', '--name', 'Third'], 'short\nshort\n', 'at least 12 characters'],
    [['third@northbeam.example', '--name', 'Third'], `${newPassword}\nsomething else\n`, 'The two passwords differ'],
    [['third@northbeam.example', '--name', ' \r\n '], `${newPassword}\n${newPassword}\n`, 'must not be blank'],
    [['third@northbeam.example', '--name', 'x'.repeat(101)], `${newPassword}\n${newPassword}\n`, 'give at most 100'],
    // The form piped before names were asked for: the password is not taken for a name, and nothing is added.
    [['third@northbeam.example'], `${newPassword}\n${newPassword}\n`, 'No password was given.'],
    [['third@northbeam.example'], '', 'No name was given: give it with --name'],
  ])('refuses %s with a message that says why', async (args, input, message) => {
    const result = await runAdmin(['add-user', ...args], input, testApp.store);
    expect(result.code).toBe(1);
    expect(result.output).toContain(message);
  });

  it.each([
    [['third@northbeam.example', '--name']],
    [['third@northbeam.example', '--name', 'A', '--name', 'B']],
    [['third@northbeam.example', '--colour', 'blue']],
  ])('explains its usage for options it does not know: %s', async (args) => {
    const result = await runAdmin(['add-user', ...args], '', testApp.store);
    expect(result.code).toBe(2);
    expect(result.output).toContain('add-user EMAIL [--name "NAME"]');
  });

  it('explains its usage for an unknown command', async () => {
    const result = await runAdmin(['toString', 'x@example.com'], '', testApp.store);
    expect(result.code).toBe(2);
    expect(result.output).toContain('npm run admin -- add-user EMAIL');
  });
});
