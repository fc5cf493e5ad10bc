import type { Generated } from 'kysely';
import type {
  AuditEntry,
  CommentStatus,
  LeadFile,
  LeadStatus,
  LeadType,
  TeamRole,
} from '../../src/content/types.gen.ts';
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
  meta_title: string | null;
  meta_description: string | null;
  og_image: string | null;
  canonical_url: string | null;
  published_at: string | null;
  status: PostStatus;
  author: string;
  /** The user who wrote the post; null for posts written before the team had roles, which the team signs. */
  author_id: string | null;
  /** When a contributor asked an editor to review the draft; null once published or never asked. */
  review_requested_at: string | null;
  created_at: string;
  updated_at: string;
  content_format: ContentFormat;
  /** The sanitised HTML rendered from content when the post was saved. */
  html: string;
  content: string;
  /** 1 when readers may comment (the default), 0 when the post's comments are closed. */
  comments_open: Generated<number>;
}

/** One row per tag or category of a post, lower-cased, so that filtering uses an index. */
export interface PostTermTable {
  taxonomy: Taxonomy;
  term_key: string;
  /** The term's name in URLs (see src/domain/term-slug.ts); null only for rows older than the column. */
  term_slug: string | null;
  post_id: string;
}

export interface UserTable {
  id: string;
  email: string;
  name: string;
  password_hash: string;
  created_at: string;
  updated_at: string;
  /** The TOTP secret (encrypted) once two-factor sign-in is on; null when it is off. */
  totp_secret: string | null;
  /** A secret set up but not yet confirmed with a code (encrypted). */
  totp_pending_secret: string | null;
  /** The last TOTP time step accepted: a code works once. */
  totp_last_step: number | null;
  role: TeamRole;
  /** The author page's name in URLs: /blog/author/{slug}. */
  slug: string;
  bio: string | null;
  /** An image id of the media library. */
  avatar: string | null;
  last_sign_in_at: string | null;
}

/** A single-use link to join the team, valid for seven days; only the hash of its token is kept. */
export interface InvitationTable {
  id: string;
  token_hash: string;
  email: string;
  role: TeamRole;
  /** The id of the user who invited, or null once that user is removed. */
  invited_by: string | null;
  created_at: string;
  expires_at: string;
  accepted_at: string | null;
  /** When it was withdrawn: revoked by an administrator, replaced, or its inviter left or lost the right. */
  revoked_at: string | null;
}

/**
 * A request for an e-mailed sign-in link, kept for the limits per address and account whether or not the address is
 * a member's; a member's holds the hash of the link's token, which works once until `expires_at`.
 */
export interface SignInLinkTable {
  id: string;
  email_key: string;
  ip: string;
  user_id: string | null;
  token_hash: string | null;
  requested_at: string;
  expires_at: string;
  used_at: string | null;
}

/** Single-use recovery codes, stored hashed; a used code is deleted. */
export interface RecoveryCodeTable {
  user_id: string;
  code_hash: string;
}

export interface SessionTable {
  /** SHA-256 of the cookie's token: a stolen database does not yield usable cookies. */
  token_hash: string;
  user_id: string;
  created_at: string;
  last_seen_at: string;
  /** The id the admin sees and ends a session by. */
  id: string;
  user_agent: string | null;
  address: string | null;
}

export interface LoginFailureTable {
  id: string;
  email_key: string;
  ip: string;
  failed_at: string;
  /** The trusted device (device cookie) the attempt came with, if any. */
  device_id: string | null;
}

/** A password accepted, waiting for its second factor: used up by the first code that completes it. */
export interface PendingSignInTable {
  nonce: string;
  user_id: string;
  expires_at: string;
}

export interface ServerSecretTable {
  name: string;
  value: string;
}

export type AuditOutcome = AuditEntry['outcome'];

export interface AuditLogTable {
  id: string;
  at: string;
  /** The e-mail of who acted, or null when nobody known did (a failed sign-in to an unknown account). */
  actor: string | null;
  action: AuditEntry['action'];
  target: string | null;
  address: string | null;
  outcome: AuditOutcome;
}

/** A single row (id 1): its version goes up in the same transaction as every write of a post. */
export interface BlogChangesTable {
  id: number;
  version: number;
}

/** The commit the content studio last saved on a branch (server/content-studio/). */
export interface ContentHeadTable {
  branch: string;
  head: string;
  changed_at: string;
}

export type RevisionReason = 'save' | 'autosave' | 'restore';

/** What a saved version did to its post, as its history names it. */
export type RevisionKind = 'created' | 'published' | 'scheduled' | 'edited' | 'restored' | 'autosaved';

export interface PostRevisionTable {
  id: string;
  post_id: string;
  created_at: string;
  /** The admin who saved this version. */
  author: string;
  reason: RevisionReason;
  kind: RevisionKind;
  title: string;
  /** The post as the API sends it, as JSON. */
  snapshot: string;
}

/** A slug a post gave up, pointing at that post's id; when the post is gone, its addresses answer 410. */
export interface SlugRedirectTable {
  slug: string;
  post_id: string;
  created_at: string;
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
  /** The id of the user who uploaded it; null for images uploaded before the team had roles. */
  uploaded_by_id: string | null;
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

/** An enquiry or a job application. Optional fields the person left empty are null. */
/** Where a visitor came from: the other site, and the campaign's utm_* parameters. */
export interface AttributionColumns {
  referrer_host: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_term: string | null;
  utm_content: string | null;
}

export interface LeadTable extends AttributionColumns {
  id: string;
  type: LeadType;
  status: LeadStatus;
  name: string;
  email: string;
  /** The e-mail lower-cased and trimmed: what privacy requests look leads up by. */
  email_key: string;
  phone: string | null;
  company: string | null;
  service: string | null;
  budget: string | null;
  message: string | null;
  role: string | null;
  cover_letter: string | null;
  /** The exact consent wording the person saw and agreed to. */
  consent_text: string;
  landing_page: string | null;
  /** Why the spam check marked the lead as spam (honeypot, time trap, links), or null. */
  spam_reason: string | null;
  created_at: string;
  updated_at: string;
}

export interface LeadNoteTable {
  id: string;
  lead_id: string;
  at: string;
  /** Who wrote the note (an admin's e-mail). */
  author: string;
  text: string;
}

/** A lead's status changes, the first being the status it arrived with. */
export interface LeadStatusChangeTable {
  id: string;
  lead_id: string;
  at: string;
  /** Who changed it, or null when the server did (arrival, spam check). */
  changed_by: string | null;
  status: LeadStatus;
}

/** A CV, one per application; never served publicly. */
export interface LeadFileTable {
  lead_id: string;
  file_name: string;
  mime_type: LeadFile['mimeType'];
  bytes: number;
  sha256: string;
  created_at: string;
  data: Buffer;
}

/** A mail to send, written in the same transaction as what it tells of; delivered by a worker under a lease. */
export interface MailOutboxTable {
  id: string;
  /** JSON array of addresses. */
  recipients: string;
  subject: string;
  text: string;
  /** The HTML part, for a mail designed like the newsletter's; null for a text-only notice. */
  html: string | null;
  reply_to: string | null;
  /** What the mail is about (`lead:{id}`), so that erasing that also erases its mail; null for none. */
  about: string | null;
  created_at: string;
  attempts: number;
  /** Not sent before this time: now at first, later after each failure (back-off). */
  next_attempt_at: string;
  /** While a worker sends it; another may take over once this time has passed. */
  leased_until: string | null;
  /** The lease's holder: only it may mark the mail sent or failed. */
  lease_token: string | null;
  sent_at: string | null;
  last_error: string | null;
}

/** One accepted post of a public form from an address: the spam limits count these, on every instance. */
export interface FormPostTable {
  id: string;
  /** Which form: `enquiry`, `application`, `comment`. */
  form: string;
  /** A keyed hash of the sender's network (an IPv4 address, or an IPv6 address's /64), never the address. */
  address: string;
  posted_at: string;
  /** A hash of the form token the post used, which no other post may use again; null for a post without one. */
  token: string | null;
}

export type SubscriberStatus = 'pending' | 'active' | 'unsubscribed' | 'bounced';

/** A newsletter subscriber: one row per address (email_key is unique). */
export interface SubscriberTable extends AttributionColumns {
  id: string;
  email: string;
  /** The address lower-cased and trimmed: unique, and what privacy requests look subscribers up by. */
  email_key: string;
  name: string | null;
  status: SubscriberStatus;
  /** The exact consent wording the person agreed to (or the import's). */
  consent_text: string;
  /** `form` for the site's signup, or an import's stated basis (`import: …`). */
  consent_basis: string;
  /** When the consent was given: the signup, or the moment an import's file states. */
  consented_at: string | null;
  /** When the confirmation link last e-mailed was signed; it alone confirms. Null once confirmed. */
  confirm_sent_at: string | null;
  confirmed_at: string | null;
  unsubscribed_at: string | null;
  landing_page: string | null;
  created_at: string;
  updated_at: string;
}

/** A post sent to the newsletter (or a test of it to one member): its e-mail, rendered once when it was asked for. */
export interface NewsletterSendTable {
  id: string;
  post_id: string;
  /** The post's id for the one real send of it (unique); null for a test send. */
  once_key: string | null;
  status: 'queued' | 'sending' | 'paused' | 'done' | 'cancelled';
  subject: string;
  /** The e-mail's HTML and plain text, with `marker` where each recipient's unsubscribe link goes. */
  html: string;
  text: string;
  marker: string;
  /** The member who asked for it. */
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

/** One message of a send to one recipient: the newsletter's outbox row, leased by one worker while it is sent. */
export interface NewsletterMessageTable {
  send_id: string;
  /** The subscriber's id, or `test:{member}` for a test message. */
  recipient_key: string;
  subscriber_id: string | null;
  email: string;
  /** `waiting` until sent; `refused` by a permanent SMTP error; `skipped` when the subscriber left or the send was cancelled. */
  state: 'waiting' | 'sent' | 'refused' | 'skipped';
  attempts: number;
  next_attempt_at: string;
  leased_until: string | null;
  lease_token: string | null;
  sent_at: string | null;
  last_error: string | null;
  created_at: string;
}

/** The next free moment (ms since the epoch) of NEWSLETTER_RATE, shared by every instance. */
export interface NewsletterPaceTable {
  id: string;
  next_ms: number | string;
}

/** A public form sent without JavaScript and refused, kept an hour for its page to show it again. */
export interface RefusedFormTable {
  /** The SHA-256 of the random token in the page's address (base64url): the token itself is not stored. */
  id: string;
  /** The page the form is on, where the token is accepted. */
  page: string;
  /** The form's state as JSON: what was typed, the problems, the sentence over the form. */
  state: string;
  /** The lower-case e-mail typed, for erasure; null when none. */
  email_key: string | null;
  expires_at: string;
}

/** The random salt of one day's visitor hashes; deleted once the day is two days old. */
export interface StatsSaltTable {
  /** YYYY-MM-DD (UTC). */
  day: string;
  salt: string;
  created_at: string;
}

/** One counted page view, kept two days so that later views know whether their visitor and visit are new. */
export interface StatsViewTable extends AttributionColumns {
  id: Generated<number>;
  day: string;
  at: string;
  /** sha256(day's salt + address + User-Agent), shortened: never the address itself. */
  visitor: string;
  visit_id: string;
  /** 1 for a visit's first view. */
  entry: number;
  path: string;
  device: string;
  browser: string;
  os: string;
}

export interface StatsDailyTotalsTable {
  day: string;
  visitors: number;
  visits: number;
  page_views: number;
  bounces: number;
  /** Summed time from each visit's first to its last view, in milliseconds. */
  duration_ms: number | string;
}

/** A breakdown's figures for one key on one day. */
export interface StatsDailyTable {
  dimension: string;
  day: string;
  key: string;
  visitors: number;
  visits: number;
  page_views: number;
}

/** A breakdown's figures for one key in one month (YYYY-MM): the sums of its days. */
export interface StatsMonthlyTable {
  dimension: string;
  month: string;
  key: string;
  visitors: number;
  visits: number;
  page_views: number;
}

/** A reader's comment on a post, or the agency's reply to one. */
export interface CommentTable {
  id: string;
  post_id: string;
  /** The top-level comment this one answers; replies are one level deep. */
  parent_id: string | null;
  status: CommentStatus;
  author_name: string;
  /** As the commenter typed it; never shown to readers. Null when none was given, and for the agency's replies. */
  author_email: string | null;
  /** The e-mail lower-cased and trimmed: the "approved before" rule and privacy requests look comments up by it. */
  email_key: string | null;
  /** HMAC of the commenter's network address under a server key: the "approved before" rule, never the address. */
  address_hash: string | null;
  /** 1 for a reply written in the admin, signed as the agency. */
  by_agency: number;
  text: string;
  /** Why the spam check marked it as spam, or null. */
  spam_reason: string | null;
  /** The enquiry made from this comment, once it was turned into one. */
  lead_id: string | null;
  created_at: string;
}

export interface Database {
  posts: PostTable;
  post_terms: PostTermTable;
  users: UserTable;
  invitations: InvitationTable;
  sessions: SessionTable;
  login_failures: LoginFailureTable;
  pending_sign_ins: PendingSignInTable;
  sign_in_links: SignInLinkTable;
  blog_changes: BlogChangesTable;
  recovery_codes: RecoveryCodeTable;
  server_secrets: ServerSecretTable;
  audit_log: AuditLogTable;
  post_revisions: PostRevisionTable;
  slug_redirects: SlugRedirectTable;
  media: MediaTable;
  media_files: MediaFileTable;
  leads: LeadTable;
  lead_notes: LeadNoteTable;
  lead_status_changes: LeadStatusChangeTable;
  lead_files: LeadFileTable;
  mail_outbox: MailOutboxTable;
  form_posts: FormPostTable;
  stats_salts: StatsSaltTable;
  stats_views: StatsViewTable;
  stats_daily_totals: StatsDailyTotalsTable;
  stats_daily: StatsDailyTable;
  stats_monthly: StatsMonthlyTable;
  comments: CommentTable;
  refused_forms: RefusedFormTable;
  content_heads: ContentHeadTable;
  subscribers: SubscriberTable;
  newsletter_sends: NewsletterSendTable;
  newsletter_messages: NewsletterMessageTable;
  newsletter_pace: NewsletterPaceTable;
}
