// 'Cargar XML de proveedor' (/compras/xml): supplier CFDI XMLs read into purchase drafts, reviewed and registered.
export { CfdiUploadScreen } from './components/CfdiUploadScreen';
