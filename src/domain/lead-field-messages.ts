/**
 * A field's problem in words a visitor can act on, from the validator's message (the same in the browser and on
 * the server, which renders them for a form sent without JavaScript).
 */
export function fieldMessage(path: string, message: string, form?: string): string {
  if (path === '/consent' && /changed/.test(message))
    return 'These words changed while the page was open: reload the page to read the new ones, then agree and send again.';
  if (path === '/consent' && form === 'newsletter') return 'Tick the box to agree to receive the newsletter.';
  if (path === '/consent') return 'Tick this box to agree, so that we may keep and answer what you send.';
  if (path === '/cv' && /required/.test(message)) return 'Attach your CV as a PDF or Word (.docx) file.';
  if (/required/.test(message)) return 'Please fill this in.';
  if (/format "email"/.test(message)) return 'Enter an e-mail address, such as name@example.com.';
  const fewer = /must NOT have fewer than (\d+) characters/.exec(message);
  if (fewer) return `Write at least ${fewer[1]} characters.`;
  const more = /must NOT have more than (\d+) characters/.exec(message);
  if (more) return `Keep it to ${more[1]} characters or fewer.`;
  if (message === 'must not be empty') return 'Please fill this in.';
  return `${message.charAt(0).toUpperCase()}${message.slice(1)}.`.replace(/\.\.$/, '.');
}
