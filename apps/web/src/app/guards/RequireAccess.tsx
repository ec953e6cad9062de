import { hasFeature, hasLevel, PAGE_ACCESS, PAGE_LEVELS, type PageKey, type Requirement } from '@mostrador/shared';
import type { ReactNode } from 'react';
import { useAuth } from '../../features/auth/auth-context';
import { es } from '../../i18n/es';
import { AccessMessage, LinkButton } from './AccessDenied';

/** A page of the route table that needs a page level (Private, Protected, Public) and/or a feature. */
export function RequireAccess({ page, children }: { page: PageKey; children: ReactNode }) {
  const { role } = useAuth();
  const requirement: Requirement = PAGE_ACCESS[page];
  const home = <LinkButton to="/">{es.access.goHome}</LinkButton>;

  if (requirement.level && !hasLevel(role, requirement.level)) {
    const roles = PAGE_LEVELS[requirement.level].join(', ');
    return (
      <AccessMessage
        title={es.access.wrongRoleTitle}
        text={es.access.wrongRole(role ?? '—', requirement.level, roles)}
        action={home}
      />
    );
  }
  if (requirement.feature && !hasFeature(role, requirement.feature)) {
    return (
      <AccessMessage
        title={es.access.missingFeatureTitle}
        text={es.access.missingFeature(requirement.feature)}
        action={home}
      />
    );
  }
  return children;
}
