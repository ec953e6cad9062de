// The dashboard screen (the lazy /dashboard page); it carries @mantine/charts with it.
export { DashboardScreen } from './components/DashboardScreen';
