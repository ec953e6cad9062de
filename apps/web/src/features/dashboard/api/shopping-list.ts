import { businessToday } from '@mostrador/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { attachmentName, saveBlob } from '../../../lib/download';
import { openPrintDialog } from '../../printing';

/** GET /dashboard/shopping-list: the CSV is saved; the PDF goes to the print dialog. */
async function shoppingList(format: 'csv' | 'pdf') {
  const response = await api.get<Blob>('/dashboard/shopping-list', { params: { format }, responseType: 'blob' });
  const name = attachmentName(response.headers['content-disposition'], `lista-de-compras-${businessToday()}.${format}`);
  if (format === 'csv') saveBlob(response.data, name);
  else await openPrintDialog(response.data, name);
}

export function useShoppingList() {
  return useMutation({ mutationFn: shoppingList });
}
