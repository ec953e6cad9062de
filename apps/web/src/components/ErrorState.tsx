import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { es } from '../i18n/es';

/** A failed load: the spec's text, the detail, and a retry. */
export function ErrorState({ title, detail, onRetry }: { title: string; detail?: string; onRetry?: () => void }) {
  return (
    <Alert color="red" icon={<IconAlertTriangle />} title={title} role="alert">
      <Stack gap="sm" align="flex-start">
        {detail ? <Text size="sm">{detail}</Text> : null}
        {onRetry ? (
          <Button size="xs" variant="white" color="red" onClick={onRetry}>
            {es.common.retry}
          </Button>
        ) : null}
      </Stack>
    </Alert>
  );
}
