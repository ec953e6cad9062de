// What other features use of suppliers: the list (the purchase form's picker, the purchases'
// filter) and 'Nuevo proveedor' (inline in the purchase form).
export { useSuppliers, suppliersQuery } from './api/suppliers';
export { supplierKeys } from './api/keys';
export { SupplierModal } from './components/SupplierModal';
