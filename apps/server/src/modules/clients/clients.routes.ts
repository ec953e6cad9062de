import type { RoutesPlugin } from '../../lib/types.js';

// The clients endpoints (SPEC 7) are added by the clients issue.
const clientsRoutes: RoutesPlugin = async () => {};

export default clientsRoutes;
