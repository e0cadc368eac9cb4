import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';

export const REPO_ROOT = resolve(fileURLToPath(import.meta.url), '../../../..');
export const INFRA_DIR = resolve(REPO_ROOT, 'infra');
export const K8S_DIR = resolve(INFRA_DIR, 'k8s');
export const OVERLAYS = ['dev', 'prod'] as const;
