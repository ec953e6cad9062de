// The fiscal module's public entry: the service (invoicing opens the shop's CSD with `openCsd()`).
export { createFiscalService, CSD_MESSAGES, type FiscalService, type OpenCsd } from './fiscal.service.js';
export { MASTER_KEY_FILE } from './fiscal.crypto.js';
