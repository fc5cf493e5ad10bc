/**
 * A `mailto:` link to one address and nothing more: `?`, `&`, `#` and `%` are escaped, so that an address stored
 * before addresses were checked strictly adds no copy, subject or body to the message.
 */
export const mailtoHref = (address: string): string => `mailto:${address.replace(/[?&#%]/g, encodeURIComponent)}`;
