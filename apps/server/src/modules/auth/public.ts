/**
 * The auth module as the other modules reach it (eslint.config.js: a module's one public file is its `public.ts`).
 * - Approving and rejecting a registration (approval.ts): one service for the admin command and the console
 *   (issue 14), so both e-mail, audit and end sessions the same way.
 * - Two-factor as the profile's Security tab changes it (two-factor-setup.ts, issue 17, modules/account-security):
 *   turning it on in two steps, off, recovery codes and a code check for re-authentication, beside the sign-in that
 *   reads the same columns.
 */
export { createApprovalService, OperatorError } from './approval.ts';
export {
  configureTwoFactor,
  confirmTwoFactorSetup,
  regenerateRecoveryCodes,
  removeTwoFactor,
  startTwoFactorSetup,
  twoFactorStatus,
  verifyTwoFactorCode,
} from './two-factor-setup.ts';
