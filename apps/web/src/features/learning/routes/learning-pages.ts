/**
 * Every page of Learning in one lazy chunk. With two chunks, the modules they shared (the API, the texts, the body
 * and contents components) were hoisted into a chunk the app's entry loads, so every page of the portal carried them
 * (scripts/bundle-budget.mjs counted +1.4 KB on /login).
 */
export { ArticlePage } from './article-page';
export { ArticlesPage } from './articles-page';
export { KnowledgeBasePage } from './knowledge-base-page';
export { ResourcesPage } from './resources-page';
export { VideoDetailsPage } from './video-details-page';
export { VideosPage } from './videos-page';
export { HandbookPage } from './handbook-page';
