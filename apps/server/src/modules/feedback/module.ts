import { FEEDBACK_ATTACHMENT_MAX_BYTES, FEEDBACK_ATTACHMENT_TYPES } from '@portal/contracts/feedback';
import { defineModule } from '../../kit/portal-module.ts';
import { consoleFeedbackRoutes } from './console-routes.ts';
import { seedDemoFeedback } from './demo-seed.ts';
import { FEEDBACK_TRANSLATIONS } from './messages.ts';
import { feedbackRoutes } from './routes.ts';
import { createFeedbackService, FEEDBACK_ATTACHMENT_KIND } from './service.ts';

/**
 * Feedback (issue 17): partners' threads at /feedback and the console's support inbox. Attachments go through the
 * file store, encrypted at rest (they may carry health data), and are served only through the two guarded routes.
 * After notifications: an operator's reply notifies the author through `app.notifications`.
 */
export default defineModule({
  name: 'feedback',
  after: ['notifications'],
  async register(app) {
    app.storage.defineKind({ name: FEEDBACK_ATTACHMENT_KIND, maxBytes: FEEDBACK_ATTACHMENT_MAX_BYTES, types: FEEDBACK_ATTACHMENT_TYPES, encrypted: true, uploadedByPeople: true });
    const service = createFeedbackService({
      pool: app.database.pool,
      storage: app.storage,
      mailer: app.mailer,
      notifications: app.notifications,
      appUrl: app.config.appUrl,
    });
    await app.register(async (scope) => feedbackRoutes(scope, service));
    await app.register(async (scope) => consoleFeedbackRoutes(scope, service));
  },
  messages: FEEDBACK_TRANSLATIONS,
  seedDemo: seedDemoFeedback,
});
