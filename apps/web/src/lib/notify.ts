import { notifications } from '@mantine/notifications';
import { NOTIFICATION_DURATION_MS } from '@portal/contracts/constants';

/** Toasts of spec §8: they last NOTIFICATION_DURATION_MS (6000 ms, spec §9). */
export function notifySuccess(title: string, message: string): void {
  notifications.show({ title, message, color: 'teal', autoClose: NOTIFICATION_DURATION_MS });
}

export function notifyError(title: string, message: string): void {
  notifications.show({ title, message, color: 'red', autoClose: NOTIFICATION_DURATION_MS });
}

export function notifyInfo(title: string, message: string): void {
  notifications.show({ title, message, color: 'blue', autoClose: NOTIFICATION_DURATION_MS });
}
