import { Link } from 'react-router-dom';
import type { AuditEntry } from '@/content/types.gen.ts';

/** What an entry acted on, by name and linked; a deleted post or image says so, never a bare id. */
export function AuditTarget({ entry }: { entry: AuditEntry }) {
  const { action, target, targetName } = entry;
  if (target === null) return <>—</>;
  if (action.startsWith('post-')) {
    return targetName === null ? (
      <i>A deleted post</i>
    ) : (
      <Link to={`/admin/blog/edit/${encodeURIComponent(target)}`}>{targetName}</Link>
    );
  }
  if (action.startsWith('media-')) {
    return targetName === null ? (
      <i>A deleted image</i>
    ) : (
      <Link to={`/admin/media?q=${encodeURIComponent(targetName)}`}>{targetName}</Link>
    );
  }
  if (action === 'lead-update' || action === 'lead-delete' || action === 'lead-cv-view') {
    return targetName === null ? (
      <i>A deleted lead</i>
    ) : (
      <Link to={`/admin/inbox/${encodeURIComponent(target)}`}>{targetName}</Link>
    );
  }
  // A subscriber's entry outlives it: the address is not kept in the log.
  if (action === 'subscriber-delete') return <i>A deleted subscriber</i>;
  // Exports, erasures and retention runs name no one: the target says how much they read or removed.
  if (action.startsWith('lead-') || action.startsWith('privacy-') || action.startsWith('subscriber-')) {
    return <>{target}</>;
  }
  return <>{action === 'session-revoke' ? 'A session' : '—'}</>;
}
