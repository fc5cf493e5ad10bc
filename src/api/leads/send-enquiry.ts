import type { EnquiryInput } from '@/content/types.gen.ts';
import { apiJson } from '../api-client.ts';

export async function sendEnquiry(enquiry: EnquiryInput): Promise<{ _id: string }> {
  return apiJson<{ _id: string }>('/api/enquiries', { method: 'POST', body: enquiry });
}
