import { Anchor, Group, Image, Stack, Text } from '@mantine/core';
import type { ShopIdentity } from '@mostrador/shared';
import { IconPhone } from '@tabler/icons-react';
import { es } from '../../../i18n/es';

const t = es.autofactura.contact;

/** The shop as its settings say: logo, name and address. */
export function ShopHeading({ business }: { business: ShopIdentity }) {
  return (
    <Group gap="sm" wrap="nowrap" align="center" data-testid="autofactura-shop">
      {business.logo ? <Image src={business.logo} alt="" h={48} w={48} fit="contain" /> : null}
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text fw={700} size="lg" style={{ overflowWrap: 'anywhere' }}>
          {business.businessName}
        </Text>
        {business.address
          .split('\n')
          .filter((line) => line.trim() !== '')
          .map((line) => (
            <Text key={line} size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {line}
            </Text>
          ))}
      </Stack>
    </Group>
  );
}

/** How to reach the shop when the ticket can't be invoiced here: its phone, to call with one tap. */
export function ShopContact({ business }: { business: ShopIdentity }) {
  if (!business.phone) return null;
  return (
    <Stack gap={4} data-testid="autofactura-contact">
      <Text size="sm" fw={600}>
        {t.title}
      </Text>
      <Anchor href={`tel:${business.phone.replace(/[^\d+]/g, '')}`} size="md">
        <Group gap={6} wrap="nowrap">
          <IconPhone size={18} aria-hidden />
          {t.call(business.phone)}
        </Group>
      </Anchor>
    </Stack>
  );
}
