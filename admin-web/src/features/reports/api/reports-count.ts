import { hasRight } from '@wfm/contracts/admin';
import type { SignedInStaff } from '../../../lib/admin-tab.ts';
import { useFeatureSuggestions } from './get-feature-suggestions.ts';
import { useReports } from './get-reports.ts';

/** The reports tab's badge: reports plus feature suggestions (undefined until both are known). */
export function useReportsCount({ role }: SignedInStaff): number | undefined {
  const showSuggestions = hasRight(role, 'suggestions');
  const reports = useReports();
  const suggestions = useFeatureSuggestions(showSuggestions);
  if (!reports.data) return undefined;
  if (!showSuggestions) return reports.data.length;
  return suggestions.data ? reports.data.length + suggestions.data.length : undefined;
}
