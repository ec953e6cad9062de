import type { CashCountReport } from '@mostrador/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/**
 * GET /reports/pdf/{id} needs the Bearer token, so the PDF comes through the API client as a
 * blob and is saved from an object URL.
 */
async function downloadCutPdf(cut: Pick<CashCountReport, 'id' | 'date'>) {
  const { data } = await api.get<Blob>(`/reports/pdf/${cut.id}`, { responseType: 'blob' });
  const url = URL.createObjectURL(new Blob([data], { type: 'application/pdf' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `corte-${cut.date}-${cut.id}.pdf`;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser time to start the download before the URL goes away.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export function useDownloadCutPdf() {
  return useMutation({ mutationFn: downloadCutPdf });
}
