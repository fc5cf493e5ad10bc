import type { Migration } from 'kysely';
import * as createPosts from './20251122090000_create_posts.ts';
import * as createUsersAndSessions from './20251122090100_create_users_and_sessions.ts';
import * as createBlogChanges from './20251208090000_create_blog_changes.ts';
import * as createMedia from './20261122100000_create_media.ts';
import * as addTwoFactorAndAudit from './20261122120000_add_two_factor_and_audit.ts';
import * as addSeoFields from './20261122110000_add_seo_fields.ts';
import * as createPostRevisions from './20261122110100_create_post_revisions.ts';
import * as createSlugRedirects from './20261122110200_create_slug_redirects.ts';
import * as createPostSearch from './20261122110300_create_post_search.ts';
import * as addTermSlugs from './20261122110400_add_term_slugs.ts';
import * as searchIndexWithoutPendingList from './20261123001000_search_index_without_pending_list.ts';
import * as createPendingSignIns from './20261125100000_create_pending_sign_ins.ts';
import * as addRevisionKinds from './20261125110000_add_revision_kinds.ts';
import * as revisionsInRecordShape from './20261125120000_revisions_in_record_shape.ts';
import * as addTeamRoles from './20261125130000_add_team_roles.ts';
import * as createLeads from './20261125140000_create_leads.ts';
import * as createStats from './20261127120000_create_stats.ts';
import * as createComments from './20261127120100_create_comments.ts';
import * as hashFormPostAddresses from './20261128110000_hash_form_post_addresses.ts';
import * as createRefusedForms from './20261128120000_create_refused_forms.ts';
import * as addInvitationRevocation from './20261128130000_add_invitation_revocation.ts';
import * as createSignInLinks from './20261128130100_create_sign_in_links.ts';
import * as createContentHeads from './20261128150000_create_content_heads.ts';
import * as createSubscribers from './20261129110000_create_subscribers.ts';
import * as createNewsletterSends from './20261130100000_create_newsletter_sends.ts';
import * as addMailOutboxHtml from './20261207200000_add_mail_outbox_html.ts';

/** Every migration by its timestamped name, applied in name order. Imported, not read from disk, so that it
 * works wherever the server's modules load (tsx, Vitest, a bundle). */
export const migrations: Record<string, Migration> = {
  '20251122090000_create_posts': createPosts,
  '20251122090100_create_users_and_sessions': createUsersAndSessions,
  '20251208090000_create_blog_changes': createBlogChanges,
  '20261122100000_create_media': createMedia,
  '20261122120000_add_two_factor_and_audit': addTwoFactorAndAudit,
  '20261122110000_add_seo_fields': addSeoFields,
  '20261122110100_create_post_revisions': createPostRevisions,
  '20261122110200_create_slug_redirects': createSlugRedirects,
  '20261122110300_create_post_search': createPostSearch,
  '20261122110400_add_term_slugs': addTermSlugs,
  '20261123001000_search_index_without_pending_list': searchIndexWithoutPendingList,
  '20261125100000_create_pending_sign_ins': createPendingSignIns,
  '20261125110000_add_revision_kinds': addRevisionKinds,
  '20261125120000_revisions_in_record_shape': revisionsInRecordShape,
  '20261125130000_add_team_roles': addTeamRoles,
  '20261125140000_create_leads': createLeads,
  '20261127120000_create_stats': createStats,
  '20261127120100_create_comments': createComments,
  '20261128110000_hash_form_post_addresses': hashFormPostAddresses,
  '20261128120000_create_refused_forms': createRefusedForms,
  '20261128130000_add_invitation_revocation': addInvitationRevocation,
  '20261128130100_create_sign_in_links': createSignInLinks,
  '20261128150000_create_content_heads': createContentHeads,
  '20261129110000_create_subscribers': createSubscribers,
  '20261130100000_create_newsletter_sends': createNewsletterSends,
  '20261207200000_add_mail_outbox_html': addMailOutboxHtml,
};
