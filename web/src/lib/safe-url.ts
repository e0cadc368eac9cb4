const SAFE_PROTOCOL = /^(https?|mailto):$/i;

/**
 * The URL when it is relative or http(s)/mailto, else '' — so `javascript:`, `data:`, `vbscript:`
 * and friends never reach an href. Control characters and whitespace are ignored while deciding,
 * as browsers ignore them when they parse a URL.
 */
export function safeUrl(value: string): string {
  const probe = value.replace(/[\u0000-\u0020\u007f]/g, '');
  const colon = probe.indexOf(':');
  if (colon === -1) return value;
  const firstDelimiter = probe.search(/[/?#]/);
  if (firstDelimiter !== -1 && firstDelimiter < colon) return value;
  return SAFE_PROTOCOL.test(probe.slice(0, colon + 1)) ? value : '';
}
