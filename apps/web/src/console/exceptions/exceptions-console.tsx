import { IconListDetails } from '@tabler/icons-react';
import { exceptionsPermission } from '@portal/contracts/console-exceptions';
import { defineMessages } from '../../i18n/i18n';
import { page } from '../../lib/area-routes';
import type { ConsoleArea } from '../console-areas';

/** The texts of exceptions, in English (the source language); the pages read them with useText('console-exceptions'). */
export const exceptionsEn = {
  title: 'Exceptions',
  description: 'Every record of exceptions: search, filter by status, open one to read or edit it.',
  add: 'New record',
  empty: 'No exceptions yet.',
  filteredEmpty: 'No exceptions match these filters.',
  loadFailed: "Couldn't load the exceptions.",
  columnTitle: 'Title',
  columnStatus: 'Status',
  columnUpdated: 'Updated',
  status: 'Status',
  allStatuses: 'All statuses',
  statusFilter: 'Status: {{status}}',
  statuses: { active: 'Active', archived: 'Archived' },
  details: 'Details',
  detailLoading: 'Loading the record…',
  detailFailed: "Couldn't load the record.",
  retry: 'Retry',
  close: 'Close',
  notes: 'Notes',
  noNotes: 'No notes.',
  created: 'Created',
  updated: 'Updated',
  edit: 'Edit',
  form: {
    createTitle: 'New record',
    editTitle: 'Edit {{title}}',
    title: 'Title',
    status: 'Status',
    notes: 'Notes',
    save: 'Save',
    cancel: 'Cancel',
    close: 'Close',
    saved: 'Saved',
    savedDetail: '{{title}} is saved.',
    saveFailed: "Couldn't save the record.",
  },
};

declare module '../../i18n/i18n' {
  interface Catalogues {
    'console-exceptions': typeof exceptionsEn;
  }
}

/**
 * The same texts in Arabic (a key missing here fails tsc). Kept here while they are few; when they grow, move them to
 * `exceptions-messages-ar.ts` and pass its loader instead, so English readers do not download them.
 */
const exceptionsMessages = defineMessages('console-exceptions', exceptionsEn, {
  title: 'الاستثناءات',
  description: 'جميع سجلات الاستثناءات: ابحث، وصفِّ حسب الحالة، وافتح سجلًا لقراءته أو تعديله.',
  add: 'سجل جديد',
  empty: 'الاستثناءات: لا يوجد شيء بعد.',
  filteredEmpty: 'الاستثناءات: لا شيء يطابق عوامل التصفية هذه.',
  loadFailed: 'الاستثناءات: تعذّر التحميل.',
  columnTitle: 'العنوان',
  columnStatus: 'الحالة',
  columnUpdated: 'آخر تحديث',
  status: 'الحالة',
  allStatuses: 'جميع الحالات',
  statusFilter: 'الحالة: {{status}}',
  statuses: { active: 'نشط', archived: 'مؤرشف' },
  details: 'التفاصيل',
  detailLoading: 'جارٍ تحميل السجل…',
  detailFailed: 'تعذّر تحميل السجل.',
  retry: 'إعادة المحاولة',
  close: 'إغلاق',
  notes: 'ملاحظات',
  noNotes: 'لا توجد ملاحظات.',
  created: 'تاريخ الإنشاء',
  updated: 'آخر تحديث',
  edit: 'تعديل',
  form: {
    createTitle: 'سجل جديد',
    editTitle: 'تعديل {{title}}',
    title: 'العنوان',
    status: 'الحالة',
    notes: 'ملاحظات',
    save: 'حفظ',
    cancel: 'إلغاء',
    close: 'إغلاق',
    saved: 'تم الحفظ',
    savedDetail: 'تم حفظ {{title}}.',
    saveFailed: 'تعذّر حفظ السجل.',
  },
});

/** Exceptions: its texts, page and sidebar entry, for the roles holding exceptions.manage (collected by console-areas.ts). */
export const consoleArea: ConsoleArea = {
  messages: exceptionsMessages,
  routes: [{ path: 'exceptions', title: 'title', permission: exceptionsPermission, lazy: page(() => import('./exceptions-page'), 'ExceptionsPage') }],
  navigation: [{ label: 'title', to: '/exceptions', icon: IconListDetails, permission: exceptionsPermission, order: 90 }],
};
