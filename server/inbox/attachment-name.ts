/**
 * A Content-Disposition that always downloads: an ASCII fallback name (quotes, backslashes and controls replaced)
 * and the real name in RFC 5987's encoding for browsers that read it.
 */
export function attachmentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_') || 'download';
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

const extensions: Record<string, string> = {
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
};

/**
 * The sender's name with the extension of the type found in the bytes: a PDF named `cv.html` downloads as
 * `cv.pdf`, so that the browser never saves (and opens) it as something else.
 */
export function nameByType(fileName: string, mimeType: string): string {
  const extension = extensions[mimeType] ?? 'bin';
  const stem = fileName.replace(/\.[^.]*$/, '').trim() || 'cv';
  return `${stem}.${extension}`;
}
