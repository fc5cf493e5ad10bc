import { formatClock } from '../ui/dates.ts';
import type { AutosaveState } from './use-autosave.ts';

// The admin's dates are en-GB everywhere; the time is the writer's own clock, as "Saved · 10:42".

/** Announces autosaving politely: "Saving…", "Saved · 10:42" or "Not saved: why". */
export function AutosaveStatus({ state }: { state: AutosaveState }) {
  let text = '';
  if (state.kind === 'saving') text = 'Saving…';
  else if (state.kind === 'saved') text = `Saved · ${formatClock(state.at)}`;
  else if (state.kind === 'failed') text = `Not saved: ${state.why}`;
  return (
    <span role="status" aria-live="polite">
      {text}
    </span>
  );
}
