import type { AuditEntry } from '@/content/types.gen.ts';

/** What each action of the audit log is called on the Activity screen. */
export const actionLabels: Record<AuditEntry['action'], string> = {
  'sign-in': 'Sign-in',
  'sign-out': 'Sign-out',
  'two-factor-setup': 'Two-factor sign-in set up',
  'two-factor-enable': 'Two-factor sign-in turned on',
  'two-factor-disable': 'Two-factor sign-in turned off',
  'password-change': 'Password changed',
  'session-revoke': 'Session ended',
  'post-create': 'Post created',
  'post-update': 'Post changed',
  'post-delete': 'Post deleted',
  'media-upload': 'Media uploaded',
  'media-delete': 'Media deleted',
  'lead-update': 'Lead changed',
  'lead-delete': 'Lead deleted',
  'lead-cv-view': 'CV downloaded',
  'lead-export': 'Leads exported',
  'privacy-export': 'Personal data exported',
  'privacy-erase': 'Personal data erased',
  'lead-retention': 'Old leads and CVs deleted',
  'comment-moderate': 'Comment moderated',
  'comment-reply': 'Comment answered',
  'comment-enquiry': 'Comment turned into an enquiry',
  'post-submit-for-review': 'Post submitted for review',
  'invitation-create': 'Invitation sent',
  'invitation-accept': 'Invitation accepted',
  'user-role-change': 'Role changed',
  'user-profile-update': 'Profile changed',
  'user-remove': 'User removed',
  'content-save': 'Site content saved',
  'content-restore': 'Site content restored',
};

export const actions = Object.keys(actionLabels) as AuditEntry['action'][];
