const dayMs = 24 * 60 * 60 * 1000;

/** How many days ahead the admin says when a lead will be deleted. */
export const deletionNoticeDays = 30;

/** The moment a lead that arrived at `createdAt` is deleted, as its consent text promises: `retentionDays` later. */
export const leadDeletionDate = (createdAt: string, retentionDays: number): Date =>
  new Date(Date.parse(createdAt) + retentionDays * dayMs);

/** The moment before which leads have arrived that are past their time at `now`. */
export const retentionCutOff = (now: Date, retentionDays: number): Date =>
  new Date(now.getTime() - retentionDays * dayMs);

/**
 * The moment a lead goes, when that is within the next 30 days (the daily run may take up to a day more), for the
 * admin to say; null while it is further off.
 */
export function deletionSoon(createdAt: string, retentionDays: number, now: Date): Date | null {
  const at = leadDeletionDate(createdAt, retentionDays);
  return at.getTime() - now.getTime() > deletionNoticeDays * dayMs ? null : at;
}

/** A CV's download name: the sender's, with the extension of the type found in its bytes (never theirs). */
export function cvDownloadName(fileName: string, mimeType: string): string {
  const extension = mimeType === 'application/pdf' ? 'pdf' : mimeType.includes('wordprocessingml') ? 'docx' : 'bin';
  const stem = fileName.replace(/\.[^.]*$/, '').trim() || 'cv';
  return `${stem}.${extension}`;
}
