import { describeServiceBasics } from '@wfm/service-kit/testing';
import { service } from '../src/app.ts';

describeServiceBasics(service, ['001_init', '002_job_postings']);
