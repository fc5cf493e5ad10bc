import Bowser from 'bowser';

/** "Chrome on Linux", "Safari on iOS": a session's browser as a person names it, from its User-Agent header. */
export function describeBrowser(userAgent: string | null): string {
  if (userAgent === null || userAgent.trim() === '') return 'Unknown browser';
  const { browser, os } = Bowser.parse(userAgent);
  const name = browser.name || 'Unknown browser';
  return os.name ? `${name} on ${os.name}` : name;
}
