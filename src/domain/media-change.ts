import type { TeamRole } from '../content/types.gen.ts';
import { can, type Permission } from './team-permissions.ts';

/**
 * The permission needed to change or delete an image: `media:own` for one's own upload, `media:others` for anyone
 * else's (or one uploaded before roles). The server refuses with it and the admin hides what it would refuse.
 */
export function mediaChangePermission(memberId: string, uploadedById: string | null): Permission {
  return uploadedById === memberId ? 'media:own' : 'media:others';
}

/** The permission this member lacks to change this image, or null when they may. */
export function missingMediaPermission(
  member: { id: string; role: TeamRole },
  uploadedById: string | null,
): Permission | null {
  const needed = mediaChangePermission(member.id, uploadedById);
  return can(member.role, needed) ? null : needed;
}
