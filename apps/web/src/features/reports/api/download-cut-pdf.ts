import type { CashCountReport } from '@mostrador/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { saveBlob } from '../../../lib/download';

/** GET /reports/pdf/{id} needs the Bearer token, so the PDF comes through the API client as a blob. */
async function downloadCutPdf(cut: Pick<CashCountReport, 'id' | 'date'>) {
  const { data } = await api.get<Blob>(`/reports/pdf/${cut.id}`, { responseType: 'blob' });
  saveBlob(new Blob([data], { type: 'application/pdf' }), `corte-${cut.date}-${cut.id}.pdf`);
}

export function useDownloadCutPdf() {
  return useMutation({ mutationFn: downloadCutPdf });
}
