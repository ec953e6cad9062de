import { PageHeader } from '../../components/PageHeader';
import { useAuth } from '../../features/auth';
import { CashScreen } from '../../features/cash/components/CashScreen';
import { es } from '../../i18n/es';

const t = es.cash;

/** /caja: the cash drawer shift of whoever is signed in (every role), and the history for Admin/Manager. */
export default function CashPage() {
  const { role } = useAuth();
  return (
    <>
      <PageHeader title={t.title} subtitle={t.subtitle} />
      <CashScreen role={role} />
    </>
  );
}
