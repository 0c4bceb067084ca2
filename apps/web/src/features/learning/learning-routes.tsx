import { IconSchool } from '@tabler/icons-react';
import { defineMessages } from '../../i18n/i18n';
import { page, type AreaRoutes } from '../../lib/area-routes';

/**
 * What the shell needs of Learning before any of its pages loads: the sidebar labels and the page titles. The pages'
 * own texts are the 'learning-pages' catalogue (learning-messages.ts), declared by the pages' chunks.
 */
const learningShellEn = {
  resources: 'Learning',
  knowledgeBase: 'Knowledge base',
  articles: 'Articles',
  videos: 'Videos',
  handbook: 'Partner handbook',
};

declare module '../../i18n/i18n' {
  interface Catalogues {
    learning: typeof learningShellEn;
  }
}

const learningShell = defineMessages('learning', learningShellEn, {
  resources: 'التعلّم',
  knowledgeBase: 'قاعدة المعرفة',
  articles: 'المقالات',
  videos: 'الفيديوهات',
  handbook: 'دليل الشركاء',
});

/**
 * Learning (issue 38), at spec §2's paths: /resources, /articles, article/view/{id}, /videos,
 * /videos-details/{section}/{title}/{cid}/{vid?}, knowledge-base, and the public handbook (with its older versions at
 * handbook/versions/{n}). Every page is lazy; the Arabic texts load only with Arabic.
 */
// Every page in one chunk: modules two lazy chunks of the area shared were hoisted into a chunk the entry loads.
const learningPages = () => import('./routes/learning-pages');

export const areaRoutes: AreaRoutes = {
  messages: learningShell,
  signedIn: [
    { path: 'resources', handle: { title: 'resources', permission: 'portal.use' }, lazy: page(learningPages, 'ResourcesPage') },
    { path: 'articles', handle: { title: 'articles', permission: 'portal.use' }, lazy: page(learningPages, 'ArticlesPage') },
    { path: 'article/view/:id', handle: { title: 'articles', permission: 'portal.use' }, lazy: page(learningPages, 'ArticlePage') },
    { path: 'videos', handle: { title: 'videos', permission: 'portal.use' }, lazy: page(learningPages, 'VideosPage') },
    {
      path: 'videos-details/:section/:title/:cid/:vid?',
      handle: { title: 'videos', permission: 'portal.use' },
      lazy: page(learningPages, 'VideoDetailsPage'),
    },
    { path: 'knowledge-base', handle: { title: 'knowledgeBase', permission: 'portal.use' }, lazy: page(learningPages, 'KnowledgeBasePage') },
  ],
  public: [
    { path: 'handbook', handle: { title: 'handbook' }, lazy: page(learningPages, 'HandbookPage') },
    { path: 'handbook/versions/:version', handle: { title: 'handbook' }, lazy: page(learningPages, 'HandbookPage') },
  ],
  navigation: [
    { group: 'Programme', label: 'resources', to: '/resources', icon: IconSchool, permission: 'portal.use', order: 50 },
  ],
};
