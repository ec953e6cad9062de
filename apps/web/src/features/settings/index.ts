// What other features use of the settings: the shop's settings as they stand (the statement's
// share reads its public address).
export { shopSettingsQuery, useShopSettings } from './api/settings';
export { PublicUrlMissingModal } from './components/PublicUrlMissingModal';
