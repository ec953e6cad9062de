// What other features use of the fiscal one: the 'Datos fiscales' screen of Configuración.
export { FiscalSettings } from './components/FiscalSettings';
