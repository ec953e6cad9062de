import type { RoutesPlugin } from '../../lib/types.js';

// The assistant endpoints (SPEC 7) are added by the assistant issue.
const assistantRoutes: RoutesPlugin = async () => {};

export default assistantRoutes;
