import { notifications } from '@mantine/notifications';
import { es } from '../i18n/es';
import { getServerMessage } from './errors';

export function notifySuccess(message: string) {
  notifications.show({ title: es.common.success, message, color: 'teal' });
}

export function notifyError(message: string) {
  notifications.show({ title: es.common.error, message, color: 'red' });
}

export function notifyWarning(message: string) {
  notifications.show({ title: es.common.warning, message, color: 'yellow' });
}

/** An action's "Hubo un problema …" text, plus the server's reason when it gave one. */
export function notifyFailure(actionFailedText: string, error: unknown) {
  const reason = getServerMessage(error);
  notifyError(reason ? `${actionFailedText} ${reason}` : actionFailedText);
}
