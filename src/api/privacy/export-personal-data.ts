import { useMutation } from '@tanstack/react-query';
import type { PrivacyExport } from '@/content/types.gen.ts';
import { apiJson } from '../api-client.ts';

/** Everything stored about one e-mail address (a subject access request); the server records that it was read. */
export function exportPersonalData(email: string): Promise<PrivacyExport> {
  return apiJson<PrivacyExport>(`/api/privacy/export?${new URLSearchParams({ email })}`);
}

/** A mutation rather than a query: each export is an act the audit log records, never a background refetch. */
export function useExportPersonalData() {
  return useMutation({ mutationFn: exportPersonalData });
}
