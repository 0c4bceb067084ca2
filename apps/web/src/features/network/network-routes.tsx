import { page, type AreaRoutes } from '../../lib/area-routes';
import { defineMessages } from '../../i18n/i18n';

/** The network's texts: its title in the bundle, the rest loaded with the page (i18n.ts, `LazyEnglish`). */
const networkMessages = defineMessages(
  'network',
  { frame: { title: 'Facility network' }, load: () => import('./network-messages').then((module) => module.networkEn) },
  () => import('./network-messages-ar').then((module) => module.networkAr),
);

/**
 * The facility network (issue 36). `/{product}-network` is public (spec §2: no login check at all). A route path
 * cannot hold a partial segment, so the page takes any one-segment path the other routes do not claim and sends
 * anything not ending in `-network` to /broken-page, as the catch-all route does.
 */
export const areaRoutes: AreaRoutes = {
  messages: networkMessages,
  public: [{ path: ':networkPath', handle: { title: 'title' }, lazy: page(() => import('./routes/network-page'), 'NetworkPage') }],
};
