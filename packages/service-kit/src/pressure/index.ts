export { pressureAddressKeys, type PressureAddressKeys } from './address-keys.ts';
export {
  loadPressureBudgets,
  MAX_PRESSURE_LEVEL,
  PRESSURE_DEFAULTS,
  PRESSURE_NETWORK_FACTOR,
  PressureBudget,
  pressureLevel,
  type PressureBudgets,
  type PressureKind,
} from './pressure-budget.ts';
export {
  CHALLENGE_TTL_MS,
  encodeProofOfWork,
  maxCounter,
  PROOF_OF_WORK_ALGORITHM,
  PROOF_OF_WORK_COST,
  ProofOfWork,
  solveProofOfWorkNatively,
  type ProofOfWorkOptions,
  type ProofOfWorkPayload,
  type VerifyOutcome,
} from './proof-of-work.ts';
export {
  PROOF_OF_WORK_CODE,
  PROOF_OF_WORK_HEADER,
  PROOF_OF_WORK_MESSAGE,
  PROOF_OF_WORK_STATUS,
  PressureGate,
  type ProofOfWorkRequired,
} from './pressure-gate.ts';
export {
  createPressureGate,
  defaultPressureBudgets,
  pressureKindOf,
  registerPressureGate,
  type PressureGateOptions,
} from './pressure-routes.ts';
