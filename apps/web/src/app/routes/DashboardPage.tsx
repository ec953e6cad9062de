import { DashboardScreen } from '../../features/dashboard';

export default function DashboardPage() {
  return <DashboardScreen />;
}
