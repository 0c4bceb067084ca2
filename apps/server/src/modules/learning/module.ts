import { defineModule } from '../../kit/portal-module.ts';
import { consoleContentRoutes } from './console-routes.ts';
import { createContentService, LEARNING_VIDEO_FILE_KIND } from './content-service.ts';
import { LEARNING_TRANSLATIONS } from './messages.ts';
import { addHandbookPageHeads } from './page-heads.ts';
import { learningRoutes } from './routes.ts';

/**
 * Learning (issue 38): articles, the knowledge base, videos and the handbook for partners (routes.ts, filtered by
 * each item's audience inside the SQL), and the console's Content area that writes them (console-routes.ts through
 * content-service.ts, audited). docs/learning.md says what each decides.
 */
export default defineModule({
  name: 'learning',
  async register(app) {
    app.storage.defineKind({ ...LEARNING_VIDEO_FILE_KIND, uploadedByPeople: true });
    const content = createContentService({ pool: app.database.pool, storage: app.storage });
    await app.register(async (scope) => learningRoutes(scope));
    await app.register(async (scope) => consoleContentRoutes(scope, content));
    addHandbookPageHeads(app);
  },
  messages: LEARNING_TRANSLATIONS,
});
