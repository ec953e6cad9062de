// What other features use of the cash drawer: whether the user has a drawer open and the
// counter's 'Abrir caja' (the counter), and the choice of drawer when cash moves through another
// user's (refunds and abonos on the receipts and clients screens).
export { currentShiftQuery } from './api/cash';
export { OpenDrawerModal } from './components/OpenDrawerModal';
export { withDrawerChoice } from './drawer-choice';
