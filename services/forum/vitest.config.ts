import { serviceTestConfig } from '@wfm/service-kit/testing-vitest';

export default serviceTestConfig('forum', { identity: true });
