/**
 * The content studio: reads documents from the checkout, and saves one as a commit once it passes every check of
 * content:check. Saves are one at a time per server; a save is audited and its commit recorded for the other
 * instances in one transaction.
 */
import { constants } from 'node:fs';
import { access, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type {
  ContentChange,
  ContentDocumentVersion,
  ApiError,
  ContentProblem,
  ContentSaved,
  ContentSummary,
} from '../../src/content/types.gen.ts';
import { recordAudit } from '../audit/index.ts';
import { readMediaFile } from '../media/index.ts';
import { HttpError } from '../http/errors.ts';
import { repositoryRoot } from '../repository-root.ts';
import { writeContentHead } from './content-heads.ts';
import type { Database } from '../store/schema.ts';
import type { Permission } from '../../src/domain/team-permissions.ts';
import { findEntry, readCatalogue, readStored, summariseEntry, type CatalogueEntry } from './catalogue.ts';
import { commitMessage } from './commit-identity.ts';
import { checkContent, formatProblem } from './content-check.ts';
import { suggestMessage } from '../../src/domain/content-changes.ts';
import { documentBoundsProblems } from './document-bounds.ts';
import { formatDocument } from './document-format.ts';
import { lockedChanges } from './field-permissions.ts';
import {
  blobId,
  commitFiles,
  currentBranch,
  fileAt,
  fileHistory,
  git,
  head,
  isCheckout,
  lastChanges,
  type Person,
} from './git.ts';
import { createPusher, type PushRetryTiming, type PushState } from './push-retry.ts';
import type { ContentRemote } from './remote.ts';
import { copyLibraryImages, listSiteImages, removeFiles } from './site-images.ts';

export interface StudioOptions {
  /** The checkout holding content/. */
  root: string;
  db: Kysely<Database>;
  clock: () => Date;
  committer: Person;
  remote?: ContentRemote;
  /** Called after each commit: the site is built again with it. */
  published?: () => void;
  /** Where a failed push is said; and how soon it is tried again (push-retry.ts's defaults otherwise). */
  log?: { warn(message: string): void; info(message: string): void };
  pushRetry?: PushRetryTiming;
}

export interface Editor extends Person {
  /** For the audit log: the member's e-mail and address. */
  address: string | null;
  /** Whether the member's role has a permission: some fields need more than `content` (field-permissions.ts). */
  may: (permission: Permission) => boolean;
}

export class ProblemsError extends Error {
  constructor(readonly body: ApiError & { problems: ContentProblem[] }) {
    super(body.message);
  }
}

export const readOnlySentence =
  'Editing is off on this server: its content/ is not in a git working copy it may write. Give CONTENT_DIR a clone ' +
  'of the site’s repository that the server can write (and CONTENT_GIT_REMOTE to push), then restart it.';

/** A page's route, the name a commit message gives it; other documents are named by their id. */
const routeOf = (document: unknown) => {
  const route = (document as { route?: unknown } | null)?.route;
  return typeof route === 'string' ? route : undefined;
};

/** A commit's time as the admin writes one (src/admin/ui/dates.ts), in UTC and saying so: "05 Dec 2026, 14:03 UTC". */
const commitTime = (iso: string) =>
  `${new Intl.DateTimeFormat('en-GB', {
    day: '2-digit',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
    timeZone: 'UTC',
  }).format(new Date(iso.trim()))} UTC`;

const unknownDocument = () => new HttpError(404, 'There is no content document with this id.');

export function createStudio(options: StudioOptions) {
  const { root, db, clock, committer, remote, published } = options;
  // The checkout's public/, where library images are copied, then the repository's, which the site is built from.
  const publicDir = [join(root, 'public'), join(repositoryRoot, 'public')];
  let queue: Promise<unknown> = Promise.resolve();
  /** One save at a time: the version check, the write and the commit must not interleave. */
  const serially = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work, work);
    queue = run.catch(() => undefined);
    return run;
  };
  const log = options.log ?? { warn: () => {}, info: () => {} };
  const pusher = remote
    ? createPusher({ root, db, clock, remote, serially, published, log, timing: options.pushRetry })
    : undefined;

  async function writable(): Promise<boolean> {
    if (!(await isCheckout(root))) return false;
    try {
      await access(join(root, 'content'), constants.W_OK);
      return true;
    } catch {
      return false;
    }
  }

  const entryOf = (id: string): CatalogueEntry => findEntry(root, id) ?? throwError(unknownDocument());

  async function list(): Promise<ContentSummary[]> {
    const changes = (await isCheckout(root)) ? await lastChanges(root, 'content') : new Map<string, ContentChange>();
    return readCatalogue(root).map((entry) => ({
      ...summariseEntry(entry),
      lastChange: changes.get(entry.path) ?? null,
    }));
  }

  function read(id: string): ContentDocumentVersion {
    const stored = readStored(entryOf(id));
    return { id, schema: stored.entry.schema, document: stored.document, version: stored.version };
  }

  async function history(id: string): Promise<ContentChange[]> {
    const entry = entryOf(id);
    return (await isCheckout(root)) ? fileHistory(root, entry.path) : [];
  }

  async function at(id: string, commit: string): Promise<ContentDocumentVersion> {
    const entry = entryOf(id);
    const bytes = (await isCheckout(root)) ? await fileAt(root, commit, entry.path) : undefined;
    if (bytes === undefined) throw new HttpError(404, 'This document has no version at that commit.');
    const document = JSON.parse(bytes.toString('utf8')) as Record<string, unknown>;
    return { id, schema: entry.schema, document, version: blobId(bytes) };
  }

  /** Every problem the change would bring that the content did not have before, in whichever document. */
  function newProblems(entry: CatalogueEntry, document: unknown): ProblemsError['body'] | undefined {
    const before = new Set(checkContent({ root, publicDir }).problems.map(formatProblem));
    const after = checkContent({ root, publicDir, replace: new Map([[entry.path, document]]) }).problems;
    const added = after.filter((problem) => !before.has(formatProblem(problem)));
    if (added.length === 0) return undefined;
    const byCatalogue = new Map(readCatalogue(root).map((known) => [known.path, known.id]));
    const problems = added.map(({ file, pointer, message }) => ({
      id: byCatalogue.get(file) ?? file,
      path: pointer,
      message,
    }));
    const count = problems.length === 1 ? 'one problem' : `${problems.length} problems`;
    return {
      statusCode: 400,
      error: 'Bad Request',
      message: `Nothing was saved: the change has ${count}. Correct ${problems.length === 1 ? 'it' : 'them'} and save again.`,
      details: problems.filter((problem) => problem.id === entry.id).map(({ path, message }) => ({ path, message })),
      problems,
    };
  }

  /** Writes, checks and commits a document; the caller holds the queue and has checked the version. */
  async function commitDocument(
    entry: CatalogueEntry,
    document: unknown,
    editor: Editor,
    message: (before: unknown) => string,
    action: 'content-save' | 'content-restore',
  ): Promise<ContentSaved> {
    if (!(await writable())) throw new HttpError(409, readOnlySentence);
    const bounds = documentBoundsProblems(document);
    if (bounds.length > 0) {
      const details = bounds.map(({ pointer, message }) => ({ path: pointer, message }));
      throw new HttpError(400, 'Nothing was saved: the document is too deep or too large.', details);
    }
    const stored = readStored(entry);
    refuseLockedChanges(entry, stored.document, document, editor);
    const text = await formatDocument(document, stored.bytes.toString('utf8'), entry.path);
    if (text === stored.bytes.toString('utf8')) return { version: stored.version, commit: null };
    const copied = await copyLibraryImages(
      root,
      JSON.parse(text),
      async (name) => (await readMediaFile(db, name))?.data,
    );
    const problems = newProblems(entry, JSON.parse(text));
    if (problems) {
      await removeFiles(root, copied);
      throw new ProblemsError(problems);
    }
    // Written whole or not at all: a reader (or a crash) never sees half a file.
    const temporary = `${entry.absolutePath}.studio-${process.pid}`;
    await writeFile(temporary, text);
    await rename(temporary, entry.absolutePath);
    let commit: string;
    try {
      commit = await commitFiles(root, [entry.path, ...copied], editor, committer, message(stored.document));
    } catch (error) {
      await writeFile(entry.absolutePath, stored.bytes);
      await removeFiles(root, copied);
      throw error;
    }
    // A push that fails keeps the commit here, live on this server, and is tried again (push-retry.ts).
    const pushed = pusher ? await pusher.push(commit, editor) : { commit };
    if (pushed) commit = pushed.commit;
    const branch = remote?.branch ?? (await currentBranch(root));
    const when = clock();
    await db.transaction().execute(async (trx) => {
      await recordAudit(trx, {
        at: when,
        actor: editor.email,
        action,
        target: `${entry.id}@${commit}`,
        address: editor.address,
      });
      // Other instances pull what the remote has: a commit still waiting is recorded once a retry pushes it.
      if (pushed) await writeContentHead(trx, branch, commit, when);
    });
    published?.();
    return { version: blobId(Buffer.from(text)), commit };
  }

  function save(id: string, document: unknown, ifMatch: string | undefined, editor: Editor, message?: string) {
    const entry = entryOf(id);
    return serially(async () => {
      if (!(await writable())) throw new HttpError(409, readOnlySentence);
      if (ifMatch === undefined) {
        throw new HttpError(428, 'Send the version you edited as If-Match (the ETag of GET /api/content/{id}).');
      }
      const current = readStored(entry);
      if (!matches(ifMatch, current.version)) throw new ConflictError(read(id));
      return commitDocument(
        entry,
        document,
        editor,
        // A message of nothing but trailers or control characters is replaced by the suggested one.
        (before) =>
          (message === undefined ? '' : commitMessage(message)) ||
          suggestMessage(before, document, routeOf(document) ?? id),
        'content-save',
      );
    });
  }

  function restore(id: string, commit: string, editor: Editor, message?: string) {
    const entry = entryOf(id);
    return serially(async () => {
      if (!(await writable())) throw new HttpError(409, readOnlySentence);
      const version = await at(id, commit);
      const when = commitTime(await git(root, ['log', '-1', '--format=%cI', '--end-of-options', commit]));
      const route = routeOf(version.document);
      const title = typeof version.document.title === 'string' ? version.document.title : id;
      const name = route ? `“${title}” (${route})` : title;
      const label =
        (message === undefined ? '' : commitMessage(message)) || `Restore ${name} to its version of ${when}`;
      return commitDocument(entry, version.document, editor, () => label, 'content-restore');
    });
  }

  async function gitState() {
    if (!(await isCheckout(root))) return { branch: null, head: null };
    return { branch: await currentBranch(root), head: await head(root) };
  }

  /** The images content may name now: the checkout's and the site's files under public/images. */
  const images = () => listSiteImages(publicDir);

  /** The commits waiting to be pushed, and why the last push failed; nothing without a remote. */
  const pushState = async (): Promise<PushState> => (pusher ? pusher.state() : { unpushed: [] });

  return {
    list,
    read,
    history,
    at,
    save,
    restore,
    writable,
    gitState,
    images,
    root,
    pushState,
    /** Pushes, in the background, what an earlier run left unpushed. */
    start: () => pusher?.start(),
    stop: async () => pusher?.stop(),
  };
}

export type Studio = ReturnType<typeof createStudio>;

/** 403 when the change touches a field the member's role may not change, each named by its pointer. */
function refuseLockedChanges(entry: CatalogueEntry, before: unknown, after: unknown, editor: Editor): void {
  const locked = lockedChanges(entry.schema, before, after, editor.may);
  if (locked.length === 0) return;
  const fields = locked.length === 1 ? 'a field' : `${locked.length} fields`;
  throw new HttpError(
    403,
    `Nothing was saved: the change touches ${fields} that your role may not change. Put back ${locked.length === 1 ? 'its value' : 'their values'}, or ask the owner or an administrator to make the change.`,
    locked.map(({ path, message }) => ({ path, message })),
    { 'cache-control': 'no-store' },
  );
}

export class ConflictError extends Error {
  constructor(readonly current: ContentDocumentVersion) {
    super('conflict');
  }
}

/** Whether an If-Match names this version (quoted or not, weak or not, or `*`). */
function matches(ifMatch: string, version: string): boolean {
  return ifMatch
    .split(',')
    .map((tag) =>
      tag
        .trim()
        .replace(/^W\//, '')
        .replace(/^"(.*)"$/, '$1'),
    )
    .some((tag) => tag === '*' || tag === version);
}

function throwError(error: Error): never {
  throw error;
}
