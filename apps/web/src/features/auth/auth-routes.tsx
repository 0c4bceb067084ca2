import { page, type AreaRoutes } from '../../lib/area-routes';

/** Sign-in, registration and password pages (spec §2). No sidebar entry: they are for signed-out visitors. */
export const areaRoutes: AreaRoutes = {
  public: [
    { path: 'login', lazy: page(() => import('./routes/login-page'), 'LoginPage') },
    { path: 'two/factor/verification', lazy: page(() => import('./routes/two-factor-page'), 'TwoFactorPage') },
    { path: 'authenticate', lazy: page(() => import('./routes/authenticate-page'), 'AuthenticatePage') },
    { path: 'forgot-password', lazy: page(() => import('./routes/forgot-password-page'), 'ForgotPasswordPage') },
    { path: 'reset-password', lazy: page(() => import('./routes/reset-password-page'), 'ResetPasswordPage') },
    { path: 'registration', lazy: page(() => import('./routes/registration-page'), 'RegistrationPage') },
    { path: 'thank-you', lazy: page(() => import('./routes/thank-you-page'), 'ThankYouPage') },
    { path: 'approval-waiting', lazy: page(() => import('./routes/approval-waiting-page'), 'ApprovalWaitingPage') },
  ],
  // Listed public by the spec, but it changes the signed-in user's password: it needs the session.
  signedInWithoutLayout: [
    { path: 'update-password', lazy: page(() => import('./routes/update-password-page'), 'UpdatePasswordPage') },
  ],
};
