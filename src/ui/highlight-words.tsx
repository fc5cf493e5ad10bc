import type { ReactNode } from 'react';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The text with every word that starts like a searched word in <mark> (so "brand" marks "branding", as the
 * search's stemming finds it); the text itself when there are no words.
 */
export function HighlightWords({ text, words }: { text: string; words?: readonly string[] }): ReactNode {
  if (!words || words.length === 0) return text;
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])((?:${words.map(escapeRegExp).join('|')})[\\p{L}\\p{N}]*)`, 'giu');
  const parts = text.split(pattern);
  return parts.map((part, index) => (index % 2 === 1 ? <mark key={index}>{part}</mark> : part));
}
