/**
 * The public entry of `@wfm/service-kit/testing`: the harness (testing.ts) plus the shared suites
 * built on it. The suites import the harness, so the harness must not re-export them (an import
 * cycle, which lint refuses): new harness exports go in testing.ts and reach users through here.
 */
export * from './testing.ts';
export { describeStaffRouteAccess, type StaffRouteAccessOptions } from './testing-staff-routes.ts';
export { describeServiceBasics } from './testing-service-basics.ts';
export { answeringProofOfWork, describePressureGate, injectAnsweringProofOfWork, type PressureGateSuiteOptions } from './testing-pressure.ts';
export { freePort, startNatsServer, startPostgresServer, startRedisServer, type FaultServer } from './testing-faults.ts';
export { identityGlobalSetup } from './testing-identity.ts';
export { get, namedVisitor, newVisitor, post, put, randomIp, seeStaffName, visitorRequest, type Visitor } from './testing-visitors.ts';
export { testClock, type TestClock } from './testing-clock.ts';
export { outboxEvents } from './testing-outbox.ts';
export { ELF, HTML, JPEG, PDF, PE, PNG, multipartBody, zip } from './testing-files.ts';
export { DOC, DOC_WITH_VBA, XLS, XLS_WITH_VBA, XLS_WITH_XLM, SHEET_TYPES, biffWorkbook, compoundFile } from './testing-legacy-office.ts';
export { installTestTracing, SpanKind, SpanStatusCode, type ReadableSpan, type TestTracing } from './testing-telemetry.ts';
