import { startService } from '@wfm/service-kit';
import { service } from './app.ts';

await startService(service);
