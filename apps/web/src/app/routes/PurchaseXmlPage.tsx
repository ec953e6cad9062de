import { CfdiUploadScreen } from '../../features/purchases-cfdi';

export default function PurchaseXmlPage() {
  return <CfdiUploadScreen />;
}
