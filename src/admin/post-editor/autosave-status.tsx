import type { AutosaveState } from './use-autosave.ts';

// The admin's dates are en-GB everywhere; the time is the writer's own clock, as "Saved · 10:42".
const timeFormat = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' });

/** Announces autosaving politely: "Saving…", "Saved · 10:42" or "Not saved: why". */
export function AutosaveStatus({ state }: { state: AutosaveState }) {
  let text = '';
  if (state.kind === 'saving') text = 'Saving…';
  else if (state.kind === 'saved') text = `Saved · ${timeFormat.format(state.at)}`;
  else if (state.kind === 'failed') text = `Not saved: ${state.why}`;
  return (
    <span role="status" aria-live="polite">
      {text}
    </span>
  );
}
