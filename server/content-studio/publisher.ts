/** Makes a saved commit live on the public site of this server (docs/decisions/0012-the-content-studio.md). */
export interface Publisher {
  /** The commit the public site of this server was built from, or null while it is not known. */
  live(): string | null;
  /** Asks for the site to be rebuilt from the checkout's head; builds run one at a time, the latest wins. */
  publish(commit: string): void;
}
