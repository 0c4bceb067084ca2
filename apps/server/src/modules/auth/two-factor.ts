// The TOTP and recovery-code primitives moved to lib/two-factor.ts when the operators' sign-in needed them too; the
// auth area keeps importing them from here.
export * from '../../lib/two-factor.ts';
