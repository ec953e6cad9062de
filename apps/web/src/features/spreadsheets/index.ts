// What pages use of spreadsheets: 'Exportar' on every list and 'Importar' on Products and Clients.
export { ExportButton } from './components/ExportButton';
export { ImportButton } from './components/ImportButton';
