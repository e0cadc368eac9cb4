import { describeServiceBasics } from '@wfm/service-kit/testing';
import { service } from '../src/app.ts';

describeServiceBasics(service);
