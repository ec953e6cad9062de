import { PagePlaceholder } from '../../components/PagePlaceholder';
import { es } from '../../i18n/es';

export default function ReceiptDetailPage() {
  return <PagePlaceholder title={es.layout.nav.receipts} />;
}
