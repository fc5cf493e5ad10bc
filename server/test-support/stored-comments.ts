import { randomUUID } from 'node:crypto';
import { insertComment, type CommentRow } from '../comments/index.ts';
import { openDatabase, type StoreLocation } from '../store/database.ts';
import { emailKey } from '../leads/index.ts';

export type TestComment = Partial<Omit<CommentRow, 'id' | 'post_id'>>;

/**
 * Stores readers' comments on a post straight into a server's database, pending unless they say otherwise, and gives
 * their ids in order. The comment form's limit per address would refuse a browser test that sent them.
 */
export async function storeComments(store: StoreLocation, postId: string, comments: TestComment[]): Promise<string[]> {
  const db = openDatabase(store);
  try {
    const ids: string[] = [];
    for (const fields of comments) {
      const email = fields.author_email === undefined ? 'reader@example.com' : fields.author_email;
      const row: CommentRow = {
        id: randomUUID(),
        post_id: postId,
        parent_id: null,
        status: 'pending',
        author_name: 'Robin Reader',
        author_email: email,
        email_key: email === null ? null : emailKey(email),
        address_hash: null,
        by_agency: 0,
        text: 'A question about this post.',
        spam_reason: null,
        lead_id: null,
        created_at: new Date().toISOString(),
        ...fields,
      };
      await insertComment(db, row);
      ids.push(row.id);
    }
    return ids;
  } finally {
    await db.destroy();
  }
}
