// Every UI string, grouped by feature (one file each under ./es).
import { assistant } from './es/assistant';
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
import { users } from './es/users';
import { backups } from './es/backups';
import { spreadsheets } from './es/spreadsheets';

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
  dashboard,
} as const;
