// What can be exported, and how: plain constants (no schema, no zod), so a screen's 'Exportar'
// button can name the lists without building the request schemas (schemas/data.ts uses them).
export const EXPORT_DATASETS = ['products', 'clients', 'receipts', 'payments', 'movements', 'suppliers'] as const;
export type ExportDataset = (typeof EXPORT_DATASETS)[number];
export const EXPORT_DATASET_LABELS: Record<ExportDataset, string> = {
  products: 'Productos',
  clients: 'Clientes',
  receipts: 'Remisiones con sus productos',
  payments: 'Pagos',
  movements: 'Movimientos de inventario',
  suppliers: 'Proveedores',
};
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
