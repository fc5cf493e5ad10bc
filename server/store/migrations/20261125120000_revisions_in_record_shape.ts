import type { Kysely } from 'kysely';

// Revisions kept the store's in-memory post ({ id, … }); they now keep the API's record ({ _id, … },
// blog-post-record.schema.json), which is checked when a revision is read. The two differ only in that key.

type Snapshot = Record<string, unknown>;

const toRecord = ({ id, ...rest }: Snapshot): Snapshot => ({ _id: id, ...rest });
const toInMemory = ({ _id, ...rest }: Snapshot): Snapshot => ({ id: _id, ...rest });

async function rewriteSnapshots(db: Kysely<any>, from: string, convert: (snapshot: Snapshot) => Snapshot) {
  for (let lastId = ''; ;) {
    const rows: { id: string; snapshot: string }[] = await db
      .selectFrom('post_revisions')
      .select(['id', 'snapshot'])
      .where('id', '>', lastId)
      .orderBy('id')
      .limit(200)
      .execute();
    if (rows.length === 0) return;
    for (const row of rows) {
      const snapshot = JSON.parse(row.snapshot) as Snapshot;
      if (!(from in snapshot)) continue;
      await db
        .updateTable('post_revisions')
        .set({ snapshot: JSON.stringify(convert(snapshot)) })
        .where('id', '=', row.id)
        .execute();
    }
    lastId = rows[rows.length - 1]!.id;
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  await rewriteSnapshots(db, 'id', toRecord);
}

export async function down(db: Kysely<any>): Promise<void> {
  await rewriteSnapshots(db, '_id', toInMemory);
}
