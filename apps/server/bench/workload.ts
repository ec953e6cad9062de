// The sales the load benchmarks make: the same random receipts over HTTP and, for the storage
// limit, straight through the receipts service.
import { businessNowLocalTimestamp, type CreateReceiptInput } from '@mostrador/shared';
import { seededRandom } from '../scripts/random.js';

export interface Catalogue {
  productIds: number[];
  /** Enabled clients (credit sales need one). */
  clientIds: number[];
}

/** 1 to 3 lines of 1 or 2 units, a third on credit, dated now (Monterrey wall time). */
export function receiptMaker(catalogue: Catalogue, seed = 11) {
  const { next: random, pick } = seededRandom(seed);
  const date = businessNowLocalTimestamp();
  return (): CreateReceiptInput => {
    const credit = random() < 0.3;
    const lines = 1 + Math.floor(random() * 3);
    return {
      paymentMode: credit ? 'Credit' : 'Cash',
      ...(credit || random() < 0.2 ? { clientId: pick(catalogue.clientIds) } : {}),
      items: Array.from({ length: lines }, () => ({
        productId: pick(catalogue.productIds),
        quantity: 1 + Math.floor(random() * 2),
        price: Math.round((5 + random() * 300) * 100) / 100,
      })),
      date,
      printReceipt: false,
    };
  };
}
