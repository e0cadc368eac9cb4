import { describeServiceBasics } from '@wfm/service-kit/testing';
import { service } from '../src/app.ts';

describeServiceBasics(service, ['001_init', '002_ama', '003_mentors']);
