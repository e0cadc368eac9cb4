/** The catalog's author-name rule asks identity over HTTP: every test file talks to one real identity process. */
export { identityGlobalSetup as default } from '@wfm/service-kit/testing';
