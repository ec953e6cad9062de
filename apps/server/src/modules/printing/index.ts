// The printing module's public entry besides its service: the paper sizes other documents share,
// and the shop's identity as every document prints it (the statement and the cut PDFs use it too).
export { PAPERS } from './receipt.pdf.js';
export { type BusinessInfo, businessInfoOf } from './ticket.js';
