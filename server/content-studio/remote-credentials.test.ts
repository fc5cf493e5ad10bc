import { execFileSync } from 'node:child_process';
import { statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { temporaryDirectory } from '../test-support/test-app.ts';
import { defaultTokenUser, redactUrls, remoteCredentials, type RemoteCredentials } from './remote-credentials.ts';

const opened: RemoteCredentials[] = [];
const open = (settings: Parameters<typeof remoteCredentials>[0]) => {
  const credentials = remoteCredentials(settings);
  opened.push(credentials);
  return credentials;
};
afterEach(() => opened.splice(0).forEach((credentials) => credentials.remove()));

/** What git's askpass helper answers to a prompt, run as git runs it: the prompt as its argument. */
function ask(credentials: RemoteCredentials, prompt: string): string {
  const { env } = credentials.gitOptions();
  return execFileSync(env.GIT_ASKPASS!, [prompt], { env: { PATH: process.env.PATH, ...env }, encoding: 'utf8' });
}

describe('the remote’s credentials', () => {
  it('shows a URL without its user-information, and masks token-like query values', () => {
    expect(open({ url: 'https://studio:s3cret-token@git.example.com/site.git' }).displayUrl).toBe(
      'https://git.example.com/site.git',
    );
    expect(open({ url: 'https://git.example.com/site.git?private_token=glpat-abc&ref=main' }).displayUrl).toBe(
      'https://git.example.com/site.git?private_token=***&ref=main',
    );
    expect(open({ url: 'ssh://git:hunter22@git.example.com/site.git' }).displayUrl).toBe(
      'ssh://git.example.com/site.git',
    );
    // A bare user name of git's scp-like syntax is no secret; a password there is.
    expect(redactUrls('git@github.com:agency/site.git')).toBe('git@github.com:agency/site.git');
    expect(redactUrls('agency:hunter22@github.com:agency/site.git')).toBe('github.com:agency/site.git');
  });

  it('masks every form of a known secret in what git says, as well as URLs', () => {
    const credentials = open({ url: 'https://studio:p%40ss%2Fword@git.example.com/site.git' });
    const said = [
      "fatal: unable to access 'https://studio:p%40ss%2Fword@git.example.com/site.git/': 403",
      'remote: invalid credentials p@ss/word for studio',
      'Command failed: git push https://git.example.com/site.git?access_token=abcdef HEAD:refs/heads/main',
    ].join('\n');
    const redacted = credentials.redact(said);
    expect(redacted).not.toMatch(/p%40ss|p@ss|abcdef/);
    expect(redacted).toContain("'https://git.example.com/site.git/'");
    expect(redacted).toContain('invalid credentials *** for studio');
    expect(redacted).toContain('access_token=***');
  });

  it('gives git a URL without the password, and answers it through an askpass helper that holds no secret', () => {
    const credentials = open({ url: 'https://studio:s3cret-token@git.example.com/site.git' });
    expect(credentials.gitUrl).toBe('https://git.example.com/site.git');
    expect(credentials.urlHoldsSecret).toBe(true);
    expect(ask(credentials, "Username for 'https://git.example.com': ")).toBe('studio\n');
    expect(ask(credentials, "Password for 'https://studio@git.example.com': ")).toBe('s3cret-token\n');
    const { config, env } = credentials.gitOptions();
    expect(config).toEqual(['-c', 'credential.helper=']);
    const helper = statSync(env.GIT_ASKPASS!);
    expect(helper.mode & 0o777).toBe(0o700);
    expect(statSync(dirname(env.GIT_ASKPASS!)).mode & 0o777).toBe(0o700);
    expect(execFileSync('cat', [env.GIT_ASKPASS!], { encoding: 'utf8' })).not.toContain('s3cret');
    credentials.remove();
    expect(() => statSync(env.GIT_ASKPASS!)).toThrow();
  });

  it('answers CONTENT_GIT_TOKEN as the password, with the user of the URL or x-access-token', () => {
    const credentials = open({ url: 'https://git.example.com/site.git', token: 'ghp_token1234' });
    expect(credentials.urlHoldsSecret).toBe(false);
    expect(ask(credentials, "Username for 'https://git.example.com': ")).toBe(`${defaultTokenUser}\n`);
    expect(ask(credentials, "Password for 'https://git.example.com': ")).toBe('ghp_token1234\n');
    expect(credentials.redact('token ghp_token1234 refused')).toBe('token *** refused');
    const named = open({ url: 'https://oauth2@gitlab.example.com/site.git', token: 'glpat-5678' });
    expect(named.gitUrl).toBe('https://gitlab.example.com/site.git');
    expect(ask(named, "Username for 'https://gitlab.example.com': ")).toBe('oauth2\n');
  });

  it('reads CONTENT_GIT_TOKEN_FILE at each use, so that a rotated token needs no restart', () => {
    const file = join(temporaryDirectory(), 'token');
    writeFileSync(file, 'first-token\n');
    const credentials = open({ url: 'https://git.example.com/site.git', tokenFile: file });
    expect(ask(credentials, 'Password for x')).toBe('first-token\n');
    writeFileSync(file, 'second-token\n');
    expect(ask(credentials, 'Password for x')).toBe('second-token\n');
    expect(credentials.redact('second-token')).toBe('***');
  });

  it('names an SSH key in GIT_SSH_COMMAND, quoted for the shell git hands it to', () => {
    const key = join(temporaryDirectory(), "studio's key");
    writeFileSync(key, 'a private key', { mode: 0o600 });
    const { config, env } = open({ url: 'git@github.com:agency/site.git', sshKey: key }).gitOptions();
    expect(config).toEqual([]);
    expect(env.GIT_ASKPASS).toBeUndefined();
    expect(env.GIT_SSH_COMMAND).toBe(
      `ssh -i '${key.replace("'", `'\\''`)}' -o IdentitiesOnly=yes -o BatchMode=yes -o ConnectTimeout=20`,
    );
    const echoed = execFileSync('sh', ['-c', env.GIT_SSH_COMMAND!.replace(/^ssh/, 'printf "%s\\n"')], {
      encoding: 'utf8',
    });
    expect(echoed.split('\n')[1]).toBe(key);
  });

  it('passes nothing for a remote that needs no credentials of the studio', () => {
    expect(open({ url: '/srv/git/site.git' }).gitOptions()).toEqual({ config: [], env: {} });
    expect(open({ url: 'https://maya@git.example.com/site.git' }).gitUrl).toBe('https://maya@git.example.com/site.git');
  });

  it('refuses settings that cannot work, naming them', () => {
    const file = join(temporaryDirectory(), 'token');
    writeFileSync(file, 'a-token');
    expect(() => open({ url: 'https://git.example.com/s.git', token: 'a-token', tokenFile: file })).toThrow(
      'Set CONTENT_GIT_TOKEN or CONTENT_GIT_TOKEN_FILE, not both.',
    );
    expect(() => open({ url: 'https://git.example.com/s.git', tokenFile: `${file}-missing` })).toThrow(
      /CONTENT_GIT_TOKEN_FILE names .*token-missing, which cannot be read/,
    );
    expect(() => open({ url: 'git@github.com:agency/site.git', token: 'a-token' })).toThrow(/CONTENT_GIT_SSH_KEY/);
    expect(() => open({ url: 'https://git.example.com/s.git', sshKey: file })).toThrow(/CONTENT_GIT_TOKEN_FILE/);
    expect(() => open({ url: 'git@github.com:agency/site.git', sshKey: `${file}-missing` })).toThrow(
      /CONTENT_GIT_SSH_KEY names .*, which cannot be read/,
    );
  });
});
