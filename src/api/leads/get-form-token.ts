import type { LeadType } from '@/content/types.gen.ts';
import { apiJson } from '../api-client.ts';

export interface FormToken {
  token: string;
  /** The server's time trap: a form sent sooner than this after the token was issued is kept as spam. */
  minimumWaitMs: number;
}

/** The signed token that tells the server when the form was shown, and how long its spam time trap is. */
export function getFormToken(form: LeadType | 'comment' | 'newsletter'): Promise<FormToken> {
  return apiJson<FormToken>(`/api/form-token?form=${form}`);
}
