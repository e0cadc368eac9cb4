import { serviceTestConfig } from '@wfm/service-kit/testing-vitest';

export default serviceTestConfig('identity');
