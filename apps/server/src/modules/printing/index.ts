// The printing module's public entry besides its service: the paper sizes other documents share.
export { PAPERS } from './receipt.pdf.js';
