import type { TeamRole } from '../content/types.gen.ts';
import { can, type Permission } from './team-permissions.ts';

/** What the rule needs of a post: who wrote it (null for posts the team signs) and whether it is a draft. */
export interface PostOwnership {
  authorId?: string | null;
  status: 'draft' | 'published' | 'archived';
}

/**
 * The permission needed to change or delete this post, as the role table says: none for one's own draft,
 * `posts:own` for one's own post once published or archived, `posts:others` for anyone else's (or the team's).
 * The server refuses with it and the admin hides what it would refuse: one rule for both.
 */
export function postChangePermission(memberId: string, post: PostOwnership): Permission | null {
  if ((post.authorId ?? null) !== memberId) return 'posts:others';
  if (post.status !== 'draft') return 'posts:own';
  return null;
}

/** The permission this member lacks to change this post, or null when they may change it. */
export function missingPostPermission(member: { id: string; role: TeamRole }, post: PostOwnership): Permission | null {
  const needed = postChangePermission(member.id, post);
  return needed !== null && !can(member.role, needed) ? needed : null;
}
