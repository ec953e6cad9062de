import { es } from '../../i18n/es';
import { AccessMessage, LinkButton } from '../guards/AccessDenied';

export default function NotFoundPage() {
  return (
    <AccessMessage
      title={es.access.notFound}
      text={es.access.notFoundText}
      action={<LinkButton to="/">{es.access.goHome}</LinkButton>}
    />
  );
}
