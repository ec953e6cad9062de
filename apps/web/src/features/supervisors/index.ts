// What other features use of supervisors: the authorisation step of a request that may need a
// supervisor (the hook and its dialog), and the 'Autorizado por' lines of a receipt.
import { lazyDialog } from '../../lib/lazy-dialog';

export { ClearPinButton } from './components/ClearPinButton';
export { ReceiptAuthorizations } from './components/ReceiptAuthorizations';
export { type SupervisorModalProps, type SupervisorStep, useSupervisorStep } from './useSupervisorStep';

// The dialog validates what is typed (a shared schema): its code loads apart, so a screen that
// only shows the 'Autorizado por' lines (the receipt list) loads no schemas (docs/decisions/103).
export const SupervisorModal = lazyDialog(() => import('./components/SupervisorModal').then((m) => m.SupervisorModal));
