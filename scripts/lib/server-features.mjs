// The server's folders: shared infrastructure, and one folder per feature (docs/architecture.md). Plain JavaScript,
// because eslint.import-rules.js reads it as well as the import-cycle check.

/** Folders of server/ that every feature may use: they are no feature. */
export const serverInfrastructure = ['http', 'pages', 'store', 'test-support'];

/** The names of the folders among these directory entries of server/. */
export function serverFolders(entries) {
  return entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name);
}

/** The feature folders among these directory entries of server/: every folder but the infrastructure. */
export function serverFeatures(entries) {
  return serverFolders(entries).filter((name) => !serverInfrastructure.includes(name));
}
