import type { Executor } from '../../db/connection.js';

/** An inclusive range of instants (epoch ms); either end may be open. */
export interface Range {
  start?: number;
  end?: number;
}

export function productsCreatedIn(db: Executor, { start, end }: Range) {
  return db
    .selectFrom('products')
    .selectAll()
    .$if(start !== undefined, (q) => q.where('createdAt', '>=', start!))
    .$if(end !== undefined, (q) => q.where('createdAt', '<=', end!))
    .orderBy('id')
    .execute();
}

export function clientsCreatedIn(db: Executor, { start, end }: Range) {
  return db
    .selectFrom('clients')
    .selectAll()
    .$if(start !== undefined, (q) => q.where('createdAt', '>=', start!))
    .$if(end !== undefined, (q) => q.where('createdAt', '<=', end!))
    .orderBy('id')
    .execute();
}

export function suppliersCreatedIn(db: Executor, { start, end }: Range) {
  return db
    .selectFrom('suppliers')
    .selectAll()
    .$if(start !== undefined, (q) => q.where('createdAt', '>=', start!))
    .$if(end !== undefined, (q) => q.where('createdAt', '<=', end!))
    .orderBy('id')
    .execute();
}

/** One row per sold line, with its receipt, client and seller; receipts by the sale's date. */
export function receiptLinesIn(db: Executor, { start, end }: Range) {
  const returnedPerItem = db
    .selectFrom('receiptReturnItems')
    .select((eb) => ['itemId', eb.fn.sum<number>('quantityMilli').as('returnedMilli')])
    .groupBy('itemId');
  return db
    .selectFrom('receipts as r')
    .innerJoin('receiptItems as i', 'i.receiptId', 'r.id')
    .leftJoin(returnedPerItem.as('x'), 'x.itemId', 'i.id')
    .innerJoin('users as u', 'u.id', 'r.userId')
    .leftJoin('clients as c', 'c.id', 'r.clientId')
    .select([
      'r.id as receiptId',
      'r.date',
      'r.state',
      'r.paymentMode',
      'r.totalCents',
      'r.returnedCents',
      'x.returnedMilli',
      'c.firstName',
      'c.lastName',
      'u.name as sellerName',
      'i.productName',
      'i.units',
      'i.quantityMilli',
      'i.priceCents',
    ])
    .$if(start !== undefined, (q) => q.where('r.date', '>=', start!))
    .$if(end !== undefined, (q) => q.where('r.date', '<=', end!))
    .orderBy('r.id')
    .orderBy('i.id')
    .execute();
}

export function paymentsIn(db: Executor, { start, end }: Range) {
  return db
    .selectFrom('payments as p')
    .leftJoin('users as u', 'u.id', 'p.userId')
    .select([
      'p.id',
      'p.receiptId',
      'p.createdAt',
      'p.amountCents',
      'p.reason',
      'p.isEnabled',
      'p.note',
      'p.cancelledAt',
      'u.name as userName',
    ])
    .$if(start !== undefined, (q) => q.where('p.createdAt', '>=', start!))
    .$if(end !== undefined, (q) => q.where('p.createdAt', '<=', end!))
    .orderBy('p.id')
    .execute();
}

export function movementsIn(db: Executor, { start, end }: Range) {
  return db
    .selectFrom('inventoryLogs')
    .selectAll()
    .$if(start !== undefined, (q) => q.where('createdAt', '>=', start!))
    .$if(end !== undefined, (q) => q.where('createdAt', '<=', end!))
    .orderBy('id')
    .execute();
}
