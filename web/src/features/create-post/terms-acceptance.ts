/** localStorage keys of the terms acceptance (spec 2 §4: remembered with its date). */
export const TERMS_STORAGE_KEYS = { accepted: 'terms_accepted', acceptedAt: 'terms_accepted_date' } as const;

export function hasAcceptedTerms(): boolean {
  try {
    return window.localStorage.getItem(TERMS_STORAGE_KEYS.accepted) === 'true';
  } catch {
    return false;
  }
}

export function rememberTermsAcceptance(now = new Date()): void {
  try {
    window.localStorage.setItem(TERMS_STORAGE_KEYS.accepted, 'true');
    window.localStorage.setItem(TERMS_STORAGE_KEYS.acceptedAt, now.toISOString());
  } catch {
    // Storage disabled: the acceptance holds for this page only.
  }
}
