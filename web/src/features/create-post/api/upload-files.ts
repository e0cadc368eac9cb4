import { useMutation } from '@tanstack/react-query';
import { UploadResponse } from '@wfm/contracts/forum/uploads';
import { api } from '../../../lib/api-client.ts';

/** POST /api/upload: multipart, one `files` field per file. */
export async function uploadFiles(files: File[]): Promise<UploadResponse> {
  const form = new FormData();
  for (const file of files) form.append('files', file);
  return UploadResponse.parse(await api.post('/api/upload', form));
}

export function useUploadFiles() {
  return useMutation({ mutationFn: uploadFiles });
}
