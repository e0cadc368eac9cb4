import { describeServiceBasics } from '@wfm/service-kit/testing';
import { service } from '../src/app.ts';

describeServiceBasics(service, ['001_visitors_and_profiles', '002_admin_username_edit', '003_revocation_and_staff_names', '004_recovery_phrases']);
