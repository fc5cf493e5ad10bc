import { Link } from '@/ui/site-router/link.tsx';
import type { Action } from '@/content/types.gen.ts';
import { mailto, site, tel } from '@/content/site.ts';

interface ActionLinkProps {
  action: Action;
  className?: string;
  /** Without `named`, children that are no words (an image) leave the action's label as the link's name. */
  children?: React.ReactNode;
  /** The children's own words name the link. */
  named?: boolean;
}

/** The words of the contact detail an action opens, as a visitor reads them: the number, the address. */
export function contactDetail(action: Action): string | undefined {
  if (!('contact' in action)) return undefined;
  const { contact } = site;
  return { phone: contact.phone.display, email: contact.email, hrEmail: contact.hrEmail, brochure: undefined }[
    action.contact
  ];
}

/** Renders a content action: a route of the site, or a contact detail of site.json. */
export function ActionLink({ action, className, children, named = false }: ActionLinkProps) {
  const content = children ?? action.label;
  const ariaLabel = children && !named ? action.label : undefined;
  if ('route' in action) {
    return (
      <Link to={action.route} className={className} aria-label={ariaLabel}>
        {content}
      </Link>
    );
  }
  const { contact, brochure } = site;
  const href = {
    phone: tel(contact.phone.tel),
    email: mailto(contact.email),
    hrEmail: mailto(contact.hrEmail),
    brochure: brochure.href,
  }[action.contact];
  return (
    <a
      href={href}
      className={className}
      download={action.contact === 'brochure' ? brochure.fileName : undefined}
      aria-label={ariaLabel}
    >
      {content}
    </a>
  );
}
