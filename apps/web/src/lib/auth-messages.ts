/**
 * Texts of the sign-in and password notifications, in the reader's language (shared catalogue, `session.*`): each
 * is read when it is shown, so a toast follows the language chosen at that moment. Spec §8 fixes most English texts
 * word for word (including 'Password reset successfully' as the message of a *link sent* toast); the others are
 * our choice, recorded in docs/decisions-web-auth.md.
 */
import { translate } from '../i18n/i18n';

const text = translate('shared');

export const AUTH_MESSAGES = {
  /** spec §8 */
  get loginFailedTitle() {
    return text('session.loginFailedTitle');
  },
  /** ours: shown when a failed sign-in has no server message (network down). */
  get loginFailedFallback() {
    return text('session.loginFailedFallback');
  },
  /** ours: a throttled sign-in whose answer names no wait (built from Retry-After). */
  tooManyAttempts: (seconds: number) => text('session.tooManyAttempts', { seconds }),
  /** ours */
  get loginSuccessTitle() {
    return text('session.loginSuccessTitle');
  },
  /** ours */
  loginSuccessMessage: (firstName: string) => (firstName ? text('session.welcomeBackNamed', { name: firstName }) : text('session.welcomeBack')),

  /** spec §8 */
  get forgotSuccessTitle() {
    return text('session.forgotSuccessTitle');
  },
  /** spec §8, as written */
  get forgotSuccessMessage() {
    return text('session.forgotSuccessMessage');
  },
  /** spec §8 */
  get failedTitle() {
    return text('session.failedTitle');
  },
  /** spec §8 */
  get requestErrorMessage() {
    return text('errors.requestFailed');
  },

  /** spec §8 */
  get resetSuccessTitle() {
    return text('session.resetSuccessTitle');
  },
  /** ours: the toast's body when the server sends no message. */
  get resetSuccessFallback() {
    return text('session.resetSuccessFallback');
  },

  /** ours */
  get passwordUpdatedTitle() {
    return text('session.passwordUpdatedTitle');
  },
  get passwordUpdatedFallback() {
    return text('session.passwordUpdatedFallback');
  },

  /** ours */
  get signedOutForInactivityTitle() {
    return text('session.signedOutTitle');
  },
  get signedOutForInactivityMessage() {
    return text('session.signedOutForInactivity');
  },
};
