import { Tabs } from '@mantine/core';
import { meetsRequirement, PAGE_ACCESS, type Role } from '@mostrador/shared';
import { IconCashRegister, IconHistory } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { es } from '../../../i18n/es';
import { CurrentShift } from './CurrentShift';
import { ShiftHistory } from './ShiftHistory';

const t = es.cash;

/** /caja: the user's own shift; Admin and Manager also see every user's past shifts. */
export function CashScreen({ role }: { role: Role | null }) {
  // The tab is in the address (?vista=historial), so a reload or a shared link keeps it.
  const [params, setParams] = useSearchParams();
  if (!meetsRequirement(role, PAGE_ACCESS.cashHistory)) return <CurrentShift />;
  const tab = params.get('vista') === 'historial' ? 'history' : 'shift';
  return (
    <Tabs
      value={tab}
      onChange={(next) => setParams(next === 'history' ? { vista: 'historial' } : {}, { replace: true })}
      keepMounted={false}
    >
      <Tabs.List mb="md">
        <Tabs.Tab value="shift" leftSection={<IconCashRegister size={16} />}>
          {t.tabs.shift}
        </Tabs.Tab>
        <Tabs.Tab value="history" leftSection={<IconHistory size={16} />}>
          {t.tabs.history}
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="shift">
        <CurrentShift />
      </Tabs.Panel>
      <Tabs.Panel value="history">
        <ShiftHistory />
      </Tabs.Panel>
    </Tabs>
  );
}
