import type { RoutesPlugin } from '../../lib/types.js';

// The reports endpoints (SPEC 7) are added by the reports issue.
const reportsRoutes: RoutesPlugin = async () => {};

export default reportsRoutes;
