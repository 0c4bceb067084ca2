import { IconCoins } from '@tabler/icons-react';
import { page, type AreaRoutes } from '../../lib/area-routes';
import { earningsMessages } from './earnings-messages';

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
