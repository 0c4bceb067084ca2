import { IconBuildingHospital } from '@tabler/icons-react';
import { page } from '../../lib/area-routes';
import type { ConsoleArea } from '../console-areas';
import { FACILITIES_PATH } from './facilities-paths';
import { defineMessages } from '../../i18n/i18n';

/** The area's texts: its sidebar labels and page titles in the bundle, the rest loaded with its pages (i18n.ts, `LazyEnglish`). */
const facilitiesMessages = defineMessages(
  'console-facilities',
  { frame: { title: 'Facilities' }, load: () => import('./facilities-messages').then((module) => module.facilitiesEn) },
  () => import('./facilities-messages-ar').then((module) => module.facilitiesAr),
);

/** Facilities and their locations, the records bookings refer to (facilities.manage: content and admin). */
export const consoleArea: ConsoleArea = {
  messages: facilitiesMessages,
  routes: [
    { path: 'facilities', title: 'title', permission: 'facilities.manage', lazy: page(() => import('./facilities-page'), 'FacilitiesPage') },
    { path: 'facilities/:id', title: 'title', permission: 'facilities.manage', lazy: page(() => import('./facility-page'), 'FacilityPage') },
  ],
  navigation: [{ label: 'title', to: FACILITIES_PATH, icon: IconBuildingHospital, permission: 'facilities.manage', order: 40 }],
};
