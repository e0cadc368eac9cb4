import { useEffect } from 'react';
import { SITE_NAME } from '../config/constants.ts';

export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · ${SITE_NAME}`;
  }, [title]);
}
