/** Content sniffing lives in the service kit (uploads/file-check.ts), shared with every service that takes files. */
export { checkFile, ContentInspector, type CheckedFile } from '@wfm/service-kit';
