import type { TeamRole } from '../content/types.gen.ts';

/**
 * What a route or an action needs, named after the columns of the role table (docs/team.md). The server's guard
 * checks them and the admin hides what a role lacks: one table for both.
 */
export const permissionMeanings = {
  account: 'your own account: profile, password, two-factor sign-in and sessions',
  posts: 'writing your own drafts and reading the team’s posts',
  'posts:own': 'changing or deleting your own post once it is published',
  'posts:others': 'changing or deleting another person’s post, or who wrote it',
  'posts:publish': 'publishing, scheduling or archiving a post',
  media: 'uploading images and choosing them from the library',
  'media:own': 'changing or deleting your own images',
  'media:others': 'changing or deleting another person’s images',
  comments: 'moderating comments',
  content: 'editing the site’s pages, shared facts and redirects in the content studio',
  leads: 'reading and handling enquiries and applications',
  audience: 'the newsletter’s subscribers: their list, export, import and removal',
  newsletter: 'sending a published post to the newsletter’s subscribers, and pausing or cancelling a send',
  'users:invite': 'inviting authors and contributors',
  users: 'managing the team: every invitation, roles and removals',
  security: 'the activity log of the whole team',
  admin: 'what only an administrator or the owner may do',
} as const;

export type Permission = keyof typeof permissionMeanings;

export const teamRoles: readonly TeamRole[] = ['owner', 'administrator', 'editor', 'author', 'contributor'];

const everything = Object.keys(permissionMeanings) as Permission[];

const grants: Record<TeamRole, readonly Permission[]> = {
  owner: everything,
  administrator: everything,
  editor: [
    'account',
    'posts',
    'posts:own',
    'posts:others',
    'posts:publish',
    'media',
    'media:own',
    'media:others',
    'comments',
    'content',
    'newsletter',
    'users:invite',
  ],
  author: ['account', 'posts', 'posts:own', 'posts:publish', 'media', 'media:own'],
  contributor: ['account', 'posts', 'media'],
};

export function can(role: TeamRole, permission: Permission): boolean {
  return grants[role].includes(permission);
}

/** The roles a person with `role` may give when inviting: editors invite authors and contributors only. */
export function invitableRoles(role: TeamRole): TeamRole[] {
  if (can(role, 'users')) return teamRoles.filter((candidate) => candidate !== 'owner');
  if (can(role, 'users:invite')) return ['author', 'contributor'];
  return [];
}

export const roleNames: Record<TeamRole, string> = {
  owner: 'Owner',
  administrator: 'Administrator',
  editor: 'Editor',
  author: 'Author',
  contributor: 'Contributor',
};

/** The sentence of a refusal: which permission is missing, what it is for, and the role that lacks it. */
export function refusalMessage(role: TeamRole, permission: Permission): string {
  return `Your role (${roleNames[role].toLowerCase()}) does not have the permission "${permission}": ${permissionMeanings[permission]}.`;
}
