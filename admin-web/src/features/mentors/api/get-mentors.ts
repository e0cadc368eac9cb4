import { queryOptions, useQuery } from '@tanstack/react-query';
import { StaffMentorsResponse } from '@wfm/contracts/ama';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** Newest applications the tab lists (every status). */
export const STAFF_MENTORS_LIMIT = 500;

export async function getStaffMentors(signal?: AbortSignal): Promise<StaffMentorsResponse> {
  return StaffMentorsResponse.parse(await api.get(`/api/admin/mentors?limit=${STAFF_MENTORS_LIMIT}`, { signal }));
}

export const staffMentorsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.mentors(), queryFn: ({ signal }) => getStaffMentors(signal) });

export const useStaffMentors = () => useQuery(staffMentorsQueryOptions());
