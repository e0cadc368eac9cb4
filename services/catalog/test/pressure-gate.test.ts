import { describePressureGate } from '@wfm/service-kit/testing';
import { service } from '../src/app.ts';

// Every visitor write of the service spends the address's pressure budget (issue 25 items 3-4);
// the suite enumerates the routes, so a new write route is covered without being listed here.
describePressureGate(service, {
  expected: ['POST /api/polls', 'POST /api/polls/:id/vote', 'POST /api/templates', 'POST /api/tools', 'POST /api/tools/:id/vote'],
});
