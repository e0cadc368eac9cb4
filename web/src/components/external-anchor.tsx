import type { ComponentProps } from 'react';

/** A link that leaves the site: new tab, no opener, no referrer, no endorsement. */
export function ExternalAnchor(props: Omit<ComponentProps<'a'>, 'target' | 'rel'>) {
  return <a {...props} target="_blank" rel="noopener noreferrer nofollow" />;
}
