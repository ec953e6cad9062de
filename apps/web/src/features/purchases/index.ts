// What other features use of purchases: the draft a purchase form starts from (router state
// { draft } of /compras/nueva), for the XML review and the reorder.
export type { PurchaseDraft, PurchaseProduct } from './purchase-form';
