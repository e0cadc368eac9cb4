import { queryOptions, useQuery } from '@tanstack/react-query';
import { MY_DATA_PATH, MyDataExport } from '@wfm/contracts/shared';
import { api } from '../../../lib/api-client.ts';

/** GET /api/me/data: everything tied to this browser's token, from every service (never cached: private). */
export async function getMyData(): Promise<MyDataExport> {
  return MyDataExport.parse(await api.get(MY_DATA_PATH));
}

export const myDataQueryOptions = () =>
  queryOptions({ queryKey: ['my-data'], queryFn: getMyData, staleTime: 0, gcTime: 0, retry: false });

/** The counts shown on the page come from the same document the download saves. */
export const useMyData = (enabled: boolean) => useQuery({ ...myDataQueryOptions(), enabled });

/** `wfm-my-data-2026-11-28.json` (the visitor's local date). */
export function myDataFileName(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `wfm-my-data-${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}.json`;
}

/** Saves the document as a file through a temporary link (no server round trip for the file itself). */
export function saveMyData(data: MyDataExport, at = new Date()): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = myDataFileName(at);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
