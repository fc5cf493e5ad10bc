import type { SubscriberInput } from '@/content/types.gen.ts';
import { apiJson } from '../api-client.ts';

/** Asks for the newsletter: answered alike whether or not the address was known. */
export async function subscribe(input: SubscriberInput): Promise<{ message: string }> {
  return apiJson<{ message: string }>('/api/subscribers', { method: 'POST', body: input });
}
