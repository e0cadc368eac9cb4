import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DeleteMentorResponse, StaffMentor, type MentorStatus } from '@wfm/contracts/ama';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export async function setMentorStatus({ id, status }: { id: number; status: MentorStatus }): Promise<StaffMentor> {
  return StaffMentor.parse(await api.put(`/api/admin/mentors/${id}/status`, { status }));
}

export async function deleteMentor(id: number): Promise<DeleteMentorResponse> {
  return DeleteMentorResponse.parse(await api.delete(`/api/admin/mentors/${id}`));
}

function useMentorMutation<A, R>(fn: (arg: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.mentors() }) });
}

export const useSetMentorStatus = () => useMentorMutation(setMentorStatus);
export const useDeleteMentor = () => useMentorMutation(deleteMentor);
