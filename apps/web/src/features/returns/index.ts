// What other features use of returns: the receipt menu's 'Devolución' and the counter's F6.
export { ReturnModal } from './components/ReturnModal';
export { ReturnByFolioDialog } from './components/ReturnByFolioDialog';
