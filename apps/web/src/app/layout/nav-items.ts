import { meetsRequirement, PAGE_ACCESS, type PageKey, type Role } from '@mostrador/shared';
import {
  IconBarcode,
  IconCashRegister,
  IconChartBar,
  IconDatabase,
  IconFileInvoice,
  IconLayoutDashboard,
  IconMicrophone,
  IconPackage,
  IconReceipt,
  IconSettings,
  IconTruck,
  IconTruckDelivery,
  IconUsers,
  IconUsersGroup,
  type Icon,
} from '@tabler/icons-react';
import { es } from '../../i18n/es';

export interface NavItem {
  page: PageKey;
  path: string;
  label: string;
  icon: Icon;
}

// Sidebar order: Panel, Vender, Caja, Remisiones, Productos, Compras, Proveedores, Reportes, Facturas, Clientes, Usuarios, Asistente, Respaldos,
// Configuración.
const NAV_ITEMS: NavItem[] = [
  { page: 'dashboard', path: '/dashboard', label: es.layout.nav.dashboard, icon: IconLayoutDashboard },
  { page: 'counter', path: '/vender', label: es.layout.nav.counter, icon: IconBarcode },
  { page: 'cash', path: '/caja', label: es.layout.nav.cash, icon: IconCashRegister },
  { page: 'receipts', path: '/receipts', label: es.layout.nav.receipts, icon: IconReceipt },
  { page: 'products', path: '/products', label: es.layout.nav.products, icon: IconPackage },
  { page: 'purchases', path: '/compras', label: es.layout.nav.purchases, icon: IconTruckDelivery },
  { page: 'suppliers', path: '/proveedores', label: es.layout.nav.suppliers, icon: IconTruck },
  { page: 'reports', path: '/reports', label: es.layout.nav.reports, icon: IconChartBar },
  { page: 'invoices', path: '/facturas', label: es.layout.nav.invoices, icon: IconFileInvoice },
  { page: 'clients', path: '/clients', label: es.layout.nav.clients, icon: IconUsersGroup },
  { page: 'users', path: '/users', label: es.layout.nav.users, icon: IconUsers },
  { page: 'assistant', path: '/assistant', label: es.layout.nav.assistant, icon: IconMicrophone },
  { page: 'backups', path: '/backups', label: es.layout.nav.backups, icon: IconDatabase },
  { page: 'settings', path: '/configuracion', label: es.layout.nav.settings, icon: IconSettings },
];

/** The entries a role sees: only those whose page it may open. */
export function navItemsFor(role: Role | null): NavItem[] {
  return NAV_ITEMS.filter((item) => meetsRequirement(role, PAGE_ACCESS[item.page]));
}

/** Where a user lands after signing in: a Seller at the counter, Admin and Manager on the dashboard. */
export function homePathFor(role: Role | null): string {
  if (role && meetsRequirement(role, PAGE_ACCESS.dashboard)) return '/dashboard';
  return role === 'Seller' ? '/vender' : '/';
}
