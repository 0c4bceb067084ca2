import { IconFileCertificate, IconFileDescription, IconSignature } from '@tabler/icons-react';
import { lazyAreaComponent, page, type AreaRoutes } from '../../lib/area-routes';
import { defineMessages } from '../../i18n/i18n';

/** The area's texts: its sidebar labels and page titles in the bundle, the rest loaded with its pages (i18n.ts, `LazyEnglish`). */
const agreementsMessages = defineMessages(
  'agreements',
  { frame: { agreementsTitle: 'Agreements', contractsTitle: 'Contracts', individualTitle: 'Individual contract' }, load: () => import('./agreements-messages').then((module) => module.agreementsEn) },
  () => import('./agreements-messages-ar').then((module) => module.agreementsAr),
);

/**
 * /agreements, /contracts and /individual-contract (spec §2; issue 15): agreements to read and sign, what was signed,
 * the individual contract; and the "action needed" banner above every page for owners while a mandatory one awaits.
 */
export const areaRoutes: AreaRoutes = {
  messages: agreementsMessages,
  signedIn: [
    { path: 'agreements', handle: { title: 'agreementsTitle', permission: 'terms.read' }, lazy: page(() => import('./routes/agreements-page'), 'AgreementsPage') },
    { path: 'contracts', handle: { title: 'contractsTitle', permission: 'terms.read' }, lazy: page(() => import('./routes/contracts-page'), 'ContractsPage') },
    { path: 'individual-contract', handle: { title: 'individualTitle', permission: 'terms.read' }, lazy: page(() => import('./routes/individual-contract-page'), 'IndividualContractPage') },
  ],
  navigation: [
    { group: 'Programme', label: 'agreementsTitle', to: '/agreements', icon: IconSignature, permission: 'terms.read', order: 30 },
    { group: 'Programme', label: 'contractsTitle', to: '/contracts', icon: IconFileCertificate, permission: 'terms.read', order: 40 },
    { group: 'Programme', label: 'individualTitle', to: '/individual-contract', icon: IconFileDescription, permission: 'terms.read', order: 50 },
  ],
  notices: [lazyAreaComponent(agreementsMessages, () => import('./components/action-needed-banner'), 'ActionNeededBanner')],
};
