// The settings module's public entry: the service other modules take (printing, credit, and the
// drawer and counter rules read `current()`), and the logo's type.
export { createSettingsService, type SettingsService, type ShopLogo } from './settings.service.js';
