import { InvoicesScreen } from '../../features/invoices/components/InvoicesScreen';

export default function InvoicesPage() {
  return <InvoicesScreen />;
}
