import type { RoutesPlugin } from '../../lib/types.js';

// The receipts endpoints (SPEC 7) are added by the receipts issue.
const receiptsRoutes: RoutesPlugin = async () => {};

export default receiptsRoutes;
