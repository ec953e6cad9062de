// The sales the load benchmarks make: the same random receipts over HTTP and, for the storage
// limit, straight through the receipts service.
import { businessNowLocalTimestamp, type CreateReceiptInput } from '@mostrador/shared';

export interface Catalogue {
  productIds: number[];
  /** Enabled clients (credit sales need one). */
  clientIds: number[];
}

/** A seeded PRNG (mulberry32) so every run sells the same kind of receipts. */
export function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** 1 to 3 lines of 1 or 2 units, a third on credit, dated now (Monterrey wall time). */
export function receiptMaker(catalogue: Catalogue, seed = 11) {
  const random = prng(seed);
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)]!;
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
