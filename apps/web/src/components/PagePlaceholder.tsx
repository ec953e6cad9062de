import { Text } from '@mantine/core';
import { PageHeader } from './PageHeader';

/** A screen whose issue has not landed yet: the route, guard and menu entry are real. */
export function PagePlaceholder({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
      <Text c="dimmed">Esta sección estará disponible pronto.</Text>
    </>
  );
}
