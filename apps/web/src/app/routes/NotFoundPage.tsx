import { es } from '../../i18n/es';
import { AccessPage, LinkButton } from '../guards/AccessDenied';

export default function NotFoundPage() {
  return (
    <AccessPage
      title={es.access.notFound}
      text={es.access.notFoundText}
      action={<LinkButton to="/">{es.access.goHome}</LinkButton>}
    />
  );
}
