import { queryOptions, useQuery } from '@tanstack/react-query';
import { AuditListResponse } from '@wfm/contracts/admin';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** Entries per page (the server allows up to 200). */
export const AUDIT_PAGE = 100;

export async function getAudit(signal?: AbortSignal): Promise<AuditListResponse> {
  return AuditListResponse.parse(await api.get(`/api/admin/audit?limit=${AUDIT_PAGE}`, { signal }));
}

export const auditQueryOptions = () => queryOptions({ queryKey: queryKeys.audit(), queryFn: ({ signal }) => getAudit(signal) });

export function useAudit() {
  return useQuery(auditQueryOptions());
}
