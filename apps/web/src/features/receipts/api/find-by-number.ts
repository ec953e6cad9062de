import type { ListReceiptsResponse, Receipt } from '@mostrador/shared';
import { api } from '../../../lib/api';

/** GET /receipt/list?number=: the receipt with that number whatever its date, or null. */
export async function findReceiptByNumber(number: number): Promise<Receipt | null> {
  const { data } = await api.get<ListReceiptsResponse>('/receipt/list', { params: { number } });
  return data.data[0] ?? null;
}
