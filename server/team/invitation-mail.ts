import type { TeamRole } from '../../src/content/types.gen.ts';
import { singleLine } from '../../src/domain/single-line.ts';
import { permissionMeanings, roleNames } from '../../src/domain/team-permissions.ts';
import type { OutgoingMail } from '../mail/index.ts';

export interface InvitationMailFacts {
  /** The invitation's id, which the mail tells of. */
  id: string;
  /** The invited address. */
  to: string;
  role: TeamRole;
  /** The acceptance page, with its token. */
  url: string;
  expiresAt: string;
  inviter: { name: string; email: string };
  /** The agency's name, as the site shows it. */
  brandName: string;
}

const expiryFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' });

const roleDuties: Record<TeamRole, string> = {
  owner: 'everything',
  administrator: 'everything, the team and its security included',
  editor: `writing, ${permissionMeanings['posts:others']}, and ${permissionMeanings['posts:publish']}`,
  author: `writing and ${permissionMeanings['posts:publish']}, for your own posts`,
  contributor: 'writing drafts, which an editor reviews and publishes',
};

/** The e-mail of an invitation: who invites, to do what, the link, and until when it works. Replies reach the inviter. */
export function invitationMail(facts: InvitationMailFacts): OutgoingMail {
  const role = roleNames[facts.role].toLowerCase();
  // The inviter's name is free text: one line (a name stored before names were kept to one could hold line breaks,
  // which would forge lines of this mail), in the body, never in the subject that mail clients show unopened.
  const inviter = singleLine(facts.inviter.name);
  const text = [
    `${inviter} (${facts.inviter.email}) invites you to join the team of ${facts.brandName} as ${role}: ${roleDuties[facts.role]}.`,
    '',
    'To accept, open this link, then choose the name shown on your posts and a password:',
    facts.url,
    '',
    `The link works once, until ${expiryFormat.format(new Date(facts.expiresAt))} UTC. After that, ask ${inviter} for a new one.`,
    '',
    'If you did not expect this invitation, ignore this e-mail: nothing happens without the link.',
  ].join('\n');
  return {
    to: [facts.to],
    subject: `An invitation to join the team of ${facts.brandName}`,
    text,
    replyTo: facts.inviter.email,
    about: `invitation:${facts.id}`,
  };
}
