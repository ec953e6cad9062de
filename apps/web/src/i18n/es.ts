// Every UI string, grouped by feature (one file each under ./es).
import { assistant } from './es/assistant';
import { cash, paymentMethod } from './es/cash';
import { auth } from './es/auth';
import { clients } from './es/clients';
import { common } from './es/common';
import { counter } from './es/counter';
import { dashboard } from './es/dashboard';
import { access, layout } from './es/layout';
import { printing } from './es/printing';
import { products } from './es/products';
import { receipts } from './es/receipts';
import { reports } from './es/reports';
import { returns } from './es/returns';
import { users } from './es/users';
import { backups } from './es/backups';
import { spreadsheets } from './es/spreadsheets';
import { settings } from './es/settings';
import { supervisors } from './es/supervisors';
import { fiscal } from './es/fiscal';
import { invoices } from './es/invoices';
import { autofactura } from './es/autofactura';
import { purchases } from './es/purchases';
import { suppliers } from './es/suppliers';
import { profit } from './es/profit';

export const es = {
  common,
  auth,
  layout,
  access,
  users,
  products,
  clients,
  receipts,
  printing,
  reports,
  assistant,
  backups,
  spreadsheets,
  counter,
  cash,
  paymentMethod,
  dashboard,
  returns,
  settings,
  fiscal,
  invoices,
  supervisors,
  autofactura,
  suppliers,
  purchases,
  profit,
} as const;
