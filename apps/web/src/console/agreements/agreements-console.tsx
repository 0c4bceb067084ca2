import { IconSignature } from '@tabler/icons-react';
import { page } from '../../lib/area-routes';
import type { ConsoleArea } from '../console-areas';
import { defineMessages } from '../../i18n/i18n';

/** The area's texts: its sidebar labels and page titles in the bundle, the rest loaded with its pages (i18n.ts, `LazyEnglish`). */
const agreementsConsoleMessages = defineMessages(
  'console-agreements',
  { frame: { title: 'Agreements' }, load: () => import('./agreements-messages').then((module) => module.agreementsConsoleEn) },
  () => import('./agreements-messages-ar').then((module) => module.agreementsConsoleAr),
);

/** Agreements (issue 15): read by terms.read (admin, finance, support), written and published by terms.manage. */
export const consoleArea: ConsoleArea = {
  messages: agreementsConsoleMessages,
  routes: [{ path: 'agreements', title: 'title', permission: 'terms.read', lazy: page(() => import('./agreements-page'), 'AgreementsPage') }],
  navigation: [{ label: 'title', to: '/agreements', icon: IconSignature, permission: 'terms.read', order: 47 }],
};
