import { queryOptions, useQuery } from '@tanstack/react-query';
import { StaffListResponse } from '@wfm/contracts/admin';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export async function getStaff(signal?: AbortSignal): Promise<StaffListResponse> {
  return StaffListResponse.parse(await api.get('/api/admin/staff', { signal }));
}

export const staffQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.staff(), queryFn: ({ signal }) => getStaff(signal) });

export function useStaff(enabled = true) {
  return useQuery({ ...staffQueryOptions(), enabled });
}
