// The purchases module's public entry for other modules: the average cost of goods coming back.
export { type RestockedLine, restockAtSaleCost } from './product-costs.js';
