import { es } from '../../../i18n/es';

// The browser's print dialog for a PDF: the PDF goes into a hidden frame of this page (an object
// URL, allowed by the CSP's frame-src blob:) whose window prints it. Where the browser cannot
// show PDFs in a page (most phones), the file is downloaded instead for the user to open.

let current: { frame: HTMLIFrameElement; url: string } | null = null;

/** The previous print's frame stays until the next one: removing it could cut its dialog short. */
function clearPrevious() {
  if (!current) return;
  current.frame.remove();
  URL.revokeObjectURL(current.url);
  current = null;
}

function download(url: string, name: string) {
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
}

export function openPrintDialog(pdf: Blob, fileName = 'remision.pdf'): Promise<void> {
  clearPrevious();
  const url = URL.createObjectURL(pdf.type === 'application/pdf' ? pdf : new Blob([pdf], { type: 'application/pdf' }));
  if (navigator.pdfViewerEnabled === false) {
    download(url, fileName);
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
    return Promise.resolve();
  }

  const frame = document.createElement('iframe');
  frame.title = es.printing.frameTitle;
  frame.dataset.testid = 'print-frame';
  // Not display:none: a frame that is not rendered does not load its PDF viewer.
  frame.style.cssText = 'position:fixed;right:0;bottom:0;width:0;height:0;border:0;visibility:hidden';
  current = { frame, url };
  return new Promise<void>((resolve) => {
    frame.addEventListener(
      'load',
      () => {
        try {
          // Never focused first: that took the keyboard from the page while the ticket loaded, so
          // the first digit a cashier scanned after a sale was lost (with kiosk printing, where no
          // dialog shows, on every sale). Chromium and Firefox print the frame's PDF without it.
          frame.contentWindow?.print();
        } catch {
          // A browser that keeps the PDF viewer's window to itself: open the PDF in a tab.
          window.open(url, '_blank', 'noopener');
        }
        resolve();
      },
      { once: true },
    );
    frame.src = url;
    document.body.append(frame);
  });
}
