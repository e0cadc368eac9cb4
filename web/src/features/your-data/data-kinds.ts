import { VISITOR_DATA_KINDS, type VisitorDataKind } from '@wfm/contracts/shared';

/** Each kind of data tied to a visitor's token, and which of them "Delete all my content" erases. */
export const KINDS = Object.entries(VISITOR_DATA_KINDS) as [VisitorDataKind, (typeof VISITOR_DATA_KINDS)[VisitorDataKind]][];
export const ERASED = KINDS.filter(([, k]) => k.erased);
export const KEPT = KINDS.filter(([, k]) => !k.erased);

export const countOf = (counts: Record<string, number> | undefined, kind: string) => counts?.[kind] ?? 0;
