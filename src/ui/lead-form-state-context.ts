import { createContext } from 'react';
import type { LeadFormState } from '../domain/lead-form-state.ts';

/** A refused form sent without JavaScript, which the server renders its page with; null everywhere else. */
export const LeadFormStateContext = createContext<LeadFormState | null>(null);
