import type { LeadType } from '@/content/types.gen.ts';
import { apiJson } from '../api-client.ts';

/** The signed token that tells the server when the form was shown (its spam time trap). */
export async function getFormToken(form: LeadType | 'comment' | 'newsletter'): Promise<string> {
  return (await apiJson<{ token: string }>(`/api/form-token?form=${form}`)).token;
}
