import type { RoutesPlugin } from '../../lib/types.js';

// The products endpoints (SPEC 7) are added by the products issue.
const productsRoutes: RoutesPlugin = async () => {};

export default productsRoutes;
