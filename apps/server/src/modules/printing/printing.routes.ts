import type { RoutesPlugin } from '../../lib/types.js';

// The printing endpoints (SPEC 7) are added by the printing issue.
const printingRoutes: RoutesPlugin = async () => {};

export default printingRoutes;
