// The server's folders, and src/api's: shared infrastructure, and one folder per feature (docs/architecture.md). Plain
// JavaScript, because eslint.import-rules.js reads it as well as the import-cycle check.

/** Folders of server/ that every feature may use: they are no feature. */
export const serverInfrastructure = ['http', 'lib', 'pages', 'store', 'test-support'];

/** The names of the folders among these directory entries of server/. */
export function serverFolders(entries) {
  return entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name);
}

/** The feature folders among these directory entries of server/: every folder but the infrastructure. */
export function serverFeatures(entries) {
  return serverFolders(entries).filter((name) => !serverInfrastructure.includes(name));
}

/** Folders of src/api that every feature may use: they are no feature (its shared files lie at the top of src/api). */
export const apiInfrastructure = ['testing'];

/** The feature folders among these directory entries of src/api: every folder but the infrastructure. */
export function apiFeatures(entries) {
  return serverFolders(entries).filter((name) => !apiInfrastructure.includes(name));
}
