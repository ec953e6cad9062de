// The dashboard screen (the lazy /dashboard page).
export { DashboardScreen } from './components/DashboardScreen';
