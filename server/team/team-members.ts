import type { Kysely } from 'kysely';
import type { TeamMember, TeamMemberUpdate } from '../../src/content/types.gen.ts';
import { singleLine } from '../../src/domain/single-line.ts';
import { invitableRoles } from '../../src/domain/team-permissions.ts';
import { findUserById, requirePermission, type SignedInUser, type User } from '../auth/index.ts';
import { HttpError } from '../http/errors.ts';
import { findMedia } from '../media/index.ts';
import type { Database } from '../store/schema.ts';
import { changeProfile, changeRole, countPostsBy, removeUser } from './team-store.ts';

export function toTeamMember(user: User): TeamMember {
  return {
    _id: user.id,
    email: user.email,
    name: user.name,
    slug: user.slug,
    role: user.role,
    bio: user.bio,
    avatar: user.avatar,
    lastSignInAt: user.last_sign_in_at,
    twoFactor: user.totp_secret !== null,
    createdAt: user.created_at,
  };
}

async function existingUser(db: Kysely<Database>, id: string): Promise<User> {
  const user = await findUserById(db, id);
  if (user === undefined) throw new HttpError(404, 'There is no such user: they may have been removed already.');
  return user;
}

const ownerStays = (what: string) =>
  new HttpError(409, `The owner cannot be ${what}: the site always keeps its owner.`, [
    { path: '/role', message: 'is the owner’s' },
  ]);

/**
 * A change of role (administrators, never to or from owner) or of a profile (one's own, or anyone's for an
 * administrator). The avatar must be an image of the media library.
 */
export async function changeTeamMember(
  db: Kysely<Database>,
  actor: SignedInUser,
  id: string,
  update: TeamMemberUpdate,
  now: Date,
): Promise<{ member: TeamMember; roleChanged: boolean }> {
  const { role, ...profile } = update;
  if (id !== actor.id || role !== undefined) requirePermission(actor, 'users');
  const user = await existingUser(db, id);
  const roleChanged = role !== undefined && role !== user.role;
  if (roleChanged && user.role === 'owner') throw ownerStays('demoted');
  if (roleChanged && role === 'owner') {
    throw new HttpError(400, 'The site has one owner, its first admin: choose another role.', [
      { path: '/role', message: 'must not be owner' },
    ]);
  }
  if (typeof profile.avatar === 'string' && (await findMedia(db, profile.avatar)) === undefined) {
    throw new HttpError(400, 'The avatar must be an image of the media library: choose one there.', [
      { path: '/avatar', message: 'is not an image of the media library' },
    ]);
  }
  // One line: the name is shown in e-mails to others (an invitation's sender), where a line break would forge lines.
  const name = profile.name === undefined ? undefined : singleLine(profile.name);
  if (name === '') {
    throw new HttpError(400, 'Give the name to show on your posts.', [{ path: '/name', message: 'must not be blank' }]);
  }
  const at = now.toISOString();
  if (roleChanged) await changeRole(db, id, role, invitableRoles(role), at);
  const trimmed = {
    ...profile,
    ...(name !== undefined && { name }),
    ...(typeof profile.bio === 'string' && { bio: profile.bio.trim() || null }),
  };
  if (Object.keys(trimmed).length > 0) await changeProfile(db, id, trimmed, at);
  return { member: toTeamMember(await existingUser(db, id)), roleChanged };
}

/**
 * Removes a user who is not the owner nor the one asking; their posts go to `reassignTo`, required if they wrote any.
 * Their open invitations are withdrawn.
 */
export async function removeTeamMember(
  db: Kysely<Database>,
  actor: SignedInUser,
  id: string,
  reassignTo: string | undefined,
  now: Date,
): Promise<void> {
  const user = await existingUser(db, id);
  if (user.role === 'owner') throw ownerStays('removed');
  if (id === actor.id) throw new HttpError(409, 'You cannot remove yourself: ask another administrator to.');
  const posts = await countPostsBy(db, id);
  if (reassignTo === id) {
    throw new HttpError(400, 'Choose someone other than the person being removed to take over the posts.', [
      { path: '/reassignTo', message: 'is the user being removed' },
    ]);
  }
  const heir = reassignTo === undefined ? undefined : await findUserById(db, reassignTo);
  if (reassignTo !== undefined && heir === undefined) {
    throw new HttpError(400, 'The person chosen to take over the posts is not a member of the team.', [
      { path: '/reassignTo', message: 'is not a user' },
    ]);
  }
  if (posts > 0 && heir === undefined) {
    throw new HttpError(400, `${user.name} wrote ${posts} posts: choose who takes them over (reassignTo).`, [
      { path: '/reassignTo', message: 'is required when the user wrote posts' },
    ]);
  }
  await removeUser(db, id, heir, now.toISOString());
}
