import { Link } from 'react-router-dom';
import { useListPosts } from '@/api/blog/list-posts.ts';
import { useCan } from '../session/admin-session.ts';
import { Alert } from '../ui/alert.tsx';

// More drafts than this waiting at once is beyond what one notice should list.
const listed = 100;

function WaitingDrafts() {
  const drafts = useListPosts({ limit: listed, offset: 0, status: 'draft' });
  const waiting = drafts.data?.posts.filter((post) => post.reviewRequestedAt) ?? [];
  if (waiting.length === 0) return null;
  return (
    <Alert tone="info">
      <p>
        {waiting.length === 1 ? 'One draft waits' : `${waiting.length} drafts wait`} for your review before publishing:
      </p>
      <ul>
        {waiting.map((post) => (
          <li key={post._id}>
            <Link to={`/admin/blog/edit/${post._id}`}>{post.title}</Link> by {post.author}
          </li>
        ))}
      </ul>
    </Alert>
  );
}

/** Tells an editor (and above) which drafts their writers submitted for review. */
export function ReviewQueue() {
  const editsOthers = useCan('posts:others');
  const publishes = useCan('posts:publish');
  return editsOthers && publishes ? <WaitingDrafts /> : null;
}
