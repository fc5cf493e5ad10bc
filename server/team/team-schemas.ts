/** Route schemas of /api/users and /api/invitations, built from schemas/api/. */
import { emptyResponse, errorResponses, schemaRef } from '../http/api-schemas.ts';

const member = schemaRef('api/team-member.schema.json', 'The member of the team.');
const userIdParams = schemaRef('api/user-id-params.schema.json');

export const listUsersSchema = {
  summary: 'List the team',
  description: 'Administrators (permission `users`): every member with role, last sign-in and two-factor status.',
  tags: ['team'],
  response: {
    200: { type: 'array', items: schemaRef('api/team-member.schema.json'), description: 'The team.' },
    ...errorResponses(400, 401, 403, 500),
  },
};

export const changeUserSchema = {
  summary: 'Change a role or a profile',
  description:
    "One's own profile (`name`, `bio`, `avatar`) with `account`; a role, or another person's profile, with `users`. " +
    'The owner keeps the role of owner (409) and no one else can be given it (400).',
  tags: ['team'],
  params: userIdParams,
  body: schemaRef('api/team-member-update.schema.json'),
  response: { 200: member, ...errorResponses(400, 401, 403, 404, 409, 413, 415, 500) },
};

export const removeUserSchema = {
  summary: 'Remove a member of the team',
  description:
    'Administrators. Their sessions end; their posts and images pass to `reassignTo`, required when they wrote ' +
    'posts. The owner cannot be removed, nor can one remove oneself (409).',
  tags: ['team'],
  params: userIdParams,
  querystring: schemaRef('api/user-removal-query.schema.json'),
  response: { 204: emptyResponse('Removed.'), ...errorResponses(400, 401, 403, 404, 409, 413, 415, 500) },
};

export const inviteSchema = {
  summary: 'Invite someone to the team',
  description:
    'Administrators invite with any role but owner; editors (`users:invite`) invite authors and contributors. The ' +
    'single-use link, valid for seven days, is e-mailed through the outbox when SMTP_URL is set (`emailed`), and ' +
    "always in the answer, to copy; it replaces any open invitation to the same address. 409 for a member's " +
    'address, or for one with an open invitation whose role the inviter cannot give; 429 with Retry-After past ' +
    'twenty invitations from one member in an hour.',
  tags: ['team'],
  body: schemaRef('api/invitation-body.schema.json'),
  response: {
    201: schemaRef('api/invitation.schema.json', 'The invitation and its link.'),
    ...errorResponses(400, 401, 403, 409, 413, 415, 429, 500),
  },
};

export const listInvitationsSchema = {
  summary: 'List the open invitations',
  description:
    'Administrators (permission `users`): every invitation whose link still works (not used, withdrawn nor expired), ' +
    'with its role, who sent it and until when, the soonest to expire first. Links are never shown again.',
  tags: ['team'],
  response: {
    200: { type: 'array', items: schemaRef('api/open-invitation.schema.json'), description: 'The open invitations.' },
    ...errorResponses(400, 401, 403, 500),
  },
};

export const revokeInvitationSchema = {
  summary: 'Withdraw an invitation',
  description:
    'Administrators. Its link then answers 410, saying it was withdrawn. 404 when no open invitation has this id. ' +
    'Invitations are also withdrawn when their inviter is removed, or loses the right to give their role.',
  tags: ['team'],
  params: schemaRef('api/invitation-id-params.schema.json'),
  response: { 204: emptyResponse('Withdrawn.'), ...errorResponses(400, 401, 403, 404, 413, 415, 500) },
};

export const checkInvitationSchema = {
  summary: 'Check an invitation link',
  description:
    'Anyone holding the link, before showing the form that accepts it: the address and role it offers, or 404 for ' +
    'a link never issued and 410, in words, for a used, withdrawn or expired one.',
  tags: ['team'],
  params: schemaRef('api/invitation-token-params.schema.json'),
  response: {
    200: schemaRef('api/invitation-check.schema.json', 'What the link offers.'),
    ...errorResponses(400, 404, 410, 500),
  },
};

export const acceptInvitationSchema = {
  summary: 'Accept an invitation',
  description:
    'Anyone holding the link: sets the name and password (12 to 128 characters), and signs the new member in. 404 ' +
    'for a link that was never issued, 410 for a used or expired one.',
  tags: ['team'],
  params: schemaRef('api/invitation-token-params.schema.json'),
  body: schemaRef('api/invitation-acceptance.schema.json'),
  response: {
    201: schemaRef('api/admin-user.schema.json', 'The new member, signed in.'),
    ...errorResponses(400, 403, 404, 409, 410, 413, 415, 500, 503),
  },
};
