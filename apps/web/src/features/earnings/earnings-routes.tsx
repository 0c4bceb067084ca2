import { IconCoins } from '@tabler/icons-react';
import { page, type AreaRoutes } from '../../lib/area-routes';
import { defineMessages } from '../../i18n/i18n';

/** The area's texts: its sidebar labels and page titles in the bundle, the rest loaded with its pages (i18n.ts, `LazyEnglish`). */
const earningsMessages = defineMessages(
  'earnings',
  { frame: { title: 'My earnings' }, load: () => import('./earnings-messages').then((module) => module.earningsEn) },
  () => import('./earnings-messages-ar').then((module) => module.earningsAr),
);

/** /my-earnings (spec §2; issue 16): the partner's commission ledger. docs/earnings.md. */
export const areaRoutes: AreaRoutes = {
  messages: earningsMessages,
  signedIn: [
    {
      path: 'my-earnings',
      handle: { title: 'title', permission: 'earnings.read' },
      lazy: page(() => import('./routes/my-earnings-page'), 'MyEarningsPage'),
    },
  ],
  navigation: [{ group: 'Earnings', label: 'title', to: '/my-earnings', icon: IconCoins, permission: 'earnings.read', order: 10 }],
};
