import { Badge } from '@mantine/core';
import { es } from '../../../i18n/es';
import type { SessionStatus } from '../realtime/useRealtimeSession';

const COLORS: Record<SessionStatus, string> = { idle: 'gray', connecting: 'yellow', connected: 'teal', error: 'red' };

/** The voice session's state: Inactivo, Conectando…, Conectado or Error. */
export function SessionStatusBadge({ status }: { status: SessionStatus }) {
  return (
    <Badge
      color={COLORS[status]}
      variant={status === 'idle' ? 'light' : 'filled'}
      size="lg"
      tt="none"
      role="status"
      aria-label={`${es.assistant.statusLabel}: ${es.assistant.status[status]}`}
      data-testid="assistant-status"
      data-status={status}
    >
      {es.assistant.status[status]}
    </Badge>
  );
}
