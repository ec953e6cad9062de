// A supplier's CFDI XML read into a purchase draft (issue 37; docs/decisions/100-supplier-cfdi-purchases.md).
export { createPurchasesCfdiService, type PurchasesCfdiService } from './purchases-cfdi.service.js';
export { readSupplierCfdi, CfdiRefused, type SupplierCfdi } from './supplier-cfdi.js';
