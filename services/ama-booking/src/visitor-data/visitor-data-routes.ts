import { visitorDataRoutes } from '@wfm/service-kit';
import type { AmaContext } from '../context.ts';
import { eraseAma, exportAma } from './visitor-data-service.ts';

export const amaVisitorDataRoutes = visitorDataRoutes<AmaContext>({ export: exportAma, erase: eraseAma });
