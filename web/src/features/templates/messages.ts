import { CATALOG_TOASTS } from '@wfm/contracts/catalog/labels';

/** Toasts of the template library, word for word from document 2 §8. */
export const TEMPLATE_TOASTS = {
  downloaded: (name: string) => {
    const [title, description] = CATALOG_TOASTS.templateDownloaded(name);
    return { title, description };
  },
  downloadFailed: { title: CATALOG_TOASTS.templateDownloadFailed[0], fallback: 'Please try again' },
  created: { title: CATALOG_TOASTS.templateCreated[0], description: CATALOG_TOASTS.templateCreated[1] },
  createFailed: { title: CATALOG_TOASTS.templateCreateFailed[0], fallback: CATALOG_TOASTS.templateCreateFailed[1] },
} as const;
