import { fileTypeFromBuffer } from 'file-type';
import type { LeadFile } from '../../src/content/types.gen.ts';
import { HttpError } from '../http/errors.ts';

export const maxCvBytes = 10 * 1024 * 1024;

const accepted: Record<string, LeadFile['mimeType']> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

/**
 * The CV's type by its bytes, never by its name or the browser's word: PDF, or DOCX (a ZIP holding
 * word/document.xml). Anything else, a macro-enabled .docm included, is refused with 415.
 */
export async function cvMimeType(data: Buffer): Promise<LeadFile['mimeType']> {
  const type = await fileTypeFromBuffer(data);
  const mimeType = type && accepted[type.ext];
  if (mimeType) return mimeType;
  const what =
    type?.ext === 'docm'
      ? 'a Word document with macros (.docm)'
      : type
        ? `a .${type.ext} file`
        : 'not a PDF or Word document';
  throw new HttpError(
    415,
    `Your CV must be a PDF or a Word document (.docx); this file is ${what}. Save it as PDF or .docx and attach it again.`,
    [{ path: '/cv', message: 'must be a PDF or DOCX file' }],
  );
}

export function cvTooLarge(): HttpError {
  return new HttpError(
    413,
    'Your CV is larger than 10 MB: save a smaller version (for example as PDF without large images) and attach it again.',
    [{ path: '/cv', message: 'must not be larger than 10 MB' }],
  );
}
