import { IconBuildingHospital } from '@tabler/icons-react';
import { page } from '../../lib/area-routes';
import type { ConsoleArea } from '../console-areas';
import { facilitiesMessages } from './facilities-messages';
import { FACILITIES_PATH } from './facilities-paths';

/** Facilities and their locations, the records bookings refer to (facilities.manage: content and admin). */
export const consoleArea: ConsoleArea = {
  messages: facilitiesMessages,
  routes: [
    { path: 'facilities', title: 'title', permission: 'facilities.manage', lazy: page(() => import('./facilities-page'), 'FacilitiesPage') },
    { path: 'facilities/:id', title: 'title', permission: 'facilities.manage', lazy: page(() => import('./facility-page'), 'FacilityPage') },
  ],
  navigation: [{ label: 'title', to: FACILITIES_PATH, icon: IconBuildingHospital, permission: 'facilities.manage', order: 40 }],
};
