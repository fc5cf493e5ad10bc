import { Link } from 'react-router-dom';
import type { Action } from '@/content/types.gen.ts';
import { mailto, site, tel } from '@/content/site.ts';

interface ActionLinkProps {
  action: Action;
  className?: string;
  children?: React.ReactNode;
}

/** Renders a content action: a route of the site, or a contact detail of site.json. */
export function ActionLink({ action, className, children }: ActionLinkProps) {
  const content = children ?? action.label;
  if ('route' in action) {
    return (
      <Link to={action.route} className={className} aria-label={children ? action.label : undefined}>
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
      aria-label={children ? action.label : undefined}
    >
      {content}
    </a>
  );
}
