/** The tables as Kysely sees them. Times are ISO-8601 UTC strings, which sort correctly as text in both dialects. */
export type PostStatus = 'draft' | 'published' | 'archived';
export type ContentFormat = 'html' | 'markdown';
export type Taxonomy = 'tag' | 'category';

export interface PostTable {
  id: string;
  title: string;
  slug: string;
  summary: string | null;
  /** JSON array of strings, as the author wrote them. */
  tags: string;
  /** JSON array of strings, as the author wrote them. */
  categories: string;
  cover_image: string | null;
  published_at: string | null;
  status: PostStatus;
  author: string;
  created_at: string;
  updated_at: string;
  content_format: ContentFormat;
  /** The sanitised HTML rendered from content when the post was saved. */
  html: string;
  content: string;
}

/** One row per tag or category of a post, lower-cased, so that filtering uses an index. */
export interface PostTermTable {
  taxonomy: Taxonomy;
  term_key: string;
  post_id: string;
}

export interface UserTable {
  id: string;
  email: string;
  name: string;
  password_hash: string;
  created_at: string;
  updated_at: string;
}

export interface SessionTable {
  /** SHA-256 of the cookie's token: a stolen database does not yield usable cookies. */
  token_hash: string;
  user_id: string;
  created_at: string;
  last_seen_at: string;
}

export interface LoginFailureTable {
  id: string;
  email_key: string;
  ip: string;
  failed_at: string;
}

/** A single row (id 1): its version goes up in the same transaction as every write of a post. */
export interface BlogChangesTable {
  id: number;
  version: number;
}

export type AvifState = 'pending' | 'done';

/** An uploaded image; its files (original, variants, social card) are rows of media_files. */
export interface MediaTable {
  id: string;
  /** The start of sha256, naming every file of this image: /media/{file_key}-640.webp. */
  file_key: string;
  /** SHA-256 of the uploaded bytes: the same bytes twice give the same record. */
  sha256: string;
  file_name: string;
  /** Of the stored original. */
  mime_type: string;
  bytes: number;
  width: number;
  height: number;
  alt: string;
  created_at: string;
  created_by: string;
  /** AVIF variants are made after the upload answers; 'pending' rows are finished by any instance, restarts too. */
  avif_state: AvifState;
  /** While an instance encodes AVIF; another may take over once this time has passed. */
  avif_claimed_until: string | null;
}

export type MediaFileRole = 'original' | 'variant' | 'social';

export interface MediaFileTable {
  /** The file's name under /media/. */
  name: string;
  media_id: string;
  role: MediaFileRole;
  format: string;
  mime_type: string;
  width: number;
  height: number;
  size: number;
  data: Buffer;
}

export interface Database {
  posts: PostTable;
  post_terms: PostTermTable;
  users: UserTable;
  sessions: SessionTable;
  login_failures: LoginFailureTable;
  blog_changes: BlogChangesTable;
  media: MediaTable;
  media_files: MediaFileTable;
}
