import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { Alert } from '../ui/alert.tsx';

/** What the editor tells the dashboard it opens, in the navigation's state. */
export interface DashboardNotice {
  /** A post Publish now took live. */
  published?: { title: string; slug: string };
}

/** The editor's news on arrival, focused so that keyboard and screen reader users hear it first. */
export function DashboardNoticeAlert() {
  const notice = useLocation().state as DashboardNotice | null;
  const ref = useRef<HTMLDivElement>(null);
  const published = notice?.published;
  useEffect(() => {
    if (published) ref.current?.focus();
  }, [published]);
  if (!published) return null;
  const address = `/blogs/${published.slug}`;
  return (
    <Alert tone="success" ref={ref}>
      <p>
        “{published.title}” is published: it went live now at <a href={address}>{address}</a>.
      </p>
    </Alert>
  );
}
