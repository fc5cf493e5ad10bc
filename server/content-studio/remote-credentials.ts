/**
 * The content remote's credentials (docs/decisions/0030): kept out of git's command line, of every answer and of
 * every log line. A token (CONTENT_GIT_TOKEN or CONTENT_GIT_TOKEN_FILE), or a password written in an https URL, is
 * answered to git by an askpass helper reading it from git's environment; an SSH key (CONTENT_GIT_SSH_KEY) is named
 * in GIT_SSH_COMMAND. Whatever git or the studio says about the remote goes through `redact` first.
 */
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface RemoteCredentialSettings {
  /** CONTENT_GIT_REMOTE, possibly holding user-information (discouraged). */
  url: string;
  /** CONTENT_GIT_TOKEN: the password or access token for an http(s) remote. */
  token?: string;
  /** CONTENT_GIT_TOKEN_FILE: a file holding it, read at each push and fetch (a rotated token needs no restart). */
  tokenFile?: string;
  /** CONTENT_GIT_SSH_KEY: the private key for an ssh remote. */
  sshKey?: string;
}

export interface RemoteCredentials {
  /** The URL given to git: an http(s) remote's user-information is taken out and answered by the askpass helper. */
  gitUrl: string;
  /** The remote as it may be shown and logged: without user-information, token-like query values masked. */
  displayUrl: string;
  /** Whether CONTENT_GIT_REMOTE itself holds a password or token, which the operator should move out of it. */
  urlHoldsSecret: boolean;
  /** Git's arguments before the command, and its environment, for every call that reaches the remote. */
  gitOptions(): { config: string[]; env: Record<string, string> };
  /** The text with every credential masked: known secrets, URL user-information and token-like query values. */
  redact(text: string): string;
  /** Removes the askpass helper's folder. */
  remove(): void;
}

export const defaultTokenUser = 'x-access-token';
const mask = '***';
// Shorter values are not searched for in text: masking every "ab" would garble messages and hide nothing.
const minimumSecretLength = 4;
const secretQuery =
  /([?&;][^=&#\s'"]*(?:token|key|secret|password|passwd|pwd|auth|signature|sig|credential)[^=&#\s'"]*=)[^&#\s'"]*/gi;
const userInfo = /\b([a-z][a-z0-9+.-]*:\/\/)[^\s/?#@'"]+@/gi;
// `user:password@host:path`, git's scp-like syntax: a bare user name (git@) is no secret and stays.
const scpUserInfo = /^[^\s/@:]+:[^\s/@]+@(?=[^\s/:]+:)/;

/** The text without URL user-information and with token-like query values masked. */
export function redactUrls(text: string): string {
  return text.replace(userInfo, '$1').replace(scpUserInfo, '').replace(secretQuery, `$1${mask}`);
}

/** Reads a token file, without its trailing line break; a clear sentence when it cannot. */
function readTokenFile(path: string): string {
  try {
    return readFileSync(path, 'utf8').replace(/\r?\n$/, '');
  } catch (error) {
    throw new Error(`CONTENT_GIT_TOKEN_FILE names ${path}, which cannot be read: ${(error as Error).message}`);
  }
}

/** A value for GIT_SSH_COMMAND, which git hands to a shell: the key's path in single quotes. */
function sshCommand(key: string): string {
  const quoted = `'${key.replaceAll("'", `'\\''`)}'`;
  return `ssh -i ${quoted} -o IdentitiesOnly=yes -o BatchMode=yes -o ConnectTimeout=20`;
}

// Answers git's prompts from its environment: no secret is ever written to disk.
const askpassScript = `#!/bin/sh
case "$1" in
  [Uu]sername*) printf '%s\\n' "$NORTHBEAM_GIT_USERNAME" ;;
  *) printf '%s\\n' "$NORTHBEAM_GIT_PASSWORD" ;;
esac
`;

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Checks the settings (a start-up error names the setting at fault) and prepares what git needs. */
export function remoteCredentials(settings: RemoteCredentialSettings): RemoteCredentials {
  const { url, token, tokenFile, sshKey } = settings;
  const parsed = URL.canParse(url) ? new URL(url) : undefined;
  const http = parsed?.protocol === 'https:' || parsed?.protocol === 'http:';
  const tokenSet = token !== undefined || tokenFile !== undefined;
  if (token !== undefined && tokenFile !== undefined) {
    throw new Error('Set CONTENT_GIT_TOKEN or CONTENT_GIT_TOKEN_FILE, not both.');
  }
  if (tokenSet && !http) {
    throw new Error(
      'CONTENT_GIT_TOKEN and CONTENT_GIT_TOKEN_FILE serve an https remote; give an ssh remote CONTENT_GIT_SSH_KEY.',
    );
  }
  if (sshKey !== undefined && http) {
    throw new Error('CONTENT_GIT_SSH_KEY serves an ssh remote; give an https remote CONTENT_GIT_TOKEN_FILE.');
  }
  if (tokenFile !== undefined) readTokenFile(tokenFile);
  if (sshKey !== undefined) {
    try {
      readFileSync(sshKey);
    } catch (error) {
      throw new Error(`CONTENT_GIT_SSH_KEY names ${sshKey}, which cannot be read: ${(error as Error).message}`);
    }
  }

  const user = parsed?.username ? decoded(parsed.username) : undefined;
  const urlPassword = parsed?.password ? decoded(parsed.password) : undefined;
  const askpassAnswers = http && (tokenSet || urlPassword !== undefined);
  let gitUrl = url;
  if (askpassAnswers && parsed) {
    parsed.username = '';
    parsed.password = '';
    gitUrl = parsed.href;
  }
  const urlSecrets = [urlPassword, /^[a-z][a-z0-9+.-]*:\/\/([^/?#@]+)@/i.exec(url)?.[1]];
  const knownSecrets = (): string[] =>
    [token, tokenFile === undefined ? undefined : readTokenFileQuietly(tokenFile), ...urlSecrets]
      .filter((secret): secret is string => secret !== undefined && secret.length >= minimumSecretLength)
      .flatMap((secret) => [secret, encodeURIComponent(secret)]);

  let folder: string | undefined;
  const askpass = (): string => {
    if (folder === undefined) {
      folder = mkdtempSync(join(tmpdir(), 'northbeam-git-askpass-'));
      chmodSync(folder, 0o700);
      writeFileSync(join(folder, 'askpass.sh'), askpassScript, { mode: 0o700 });
    }
    return join(folder, 'askpass.sh');
  };

  function redact(text: string): string {
    let redacted = text;
    for (const secret of knownSecrets()) redacted = redacted.replaceAll(secret, mask);
    return redactUrls(redacted);
  }

  return {
    gitUrl,
    displayUrl: redact(url),
    urlHoldsSecret: urlPassword !== undefined || new RegExp(secretQuery.source, 'i').test(url),
    gitOptions() {
      const env: Record<string, string> = {};
      const config: string[] = [];
      if (askpassAnswers) {
        // Only the studio's credentials: a credential helper of the machine would answer first, and keep these.
        config.push('-c', 'credential.helper=');
        env.GIT_ASKPASS = askpass();
        env.NORTHBEAM_GIT_USERNAME = user ?? defaultTokenUser;
        env.NORTHBEAM_GIT_PASSWORD = token ?? (tokenFile === undefined ? urlPassword! : readTokenFile(tokenFile));
      }
      if (sshKey !== undefined) env.GIT_SSH_COMMAND = sshCommand(sshKey);
      return { config, env };
    },
    redact,
    remove() {
      if (folder !== undefined) rmSync(folder, { recursive: true, force: true });
      folder = undefined;
    },
  };
}

function readTokenFileQuietly(path: string): string | undefined {
  try {
    return readTokenFile(path);
  } catch {
    return undefined;
  }
}
