import type { Page } from '@playwright/test';

/**
 * The print frames' windows answer `print` with a counter on the top window (headless Chromium has
 * no dialog to show; a real print of the ticket PDF after each sale could take the page down). The
 * frame's own window is wrapped from the top page, so the count never depends on when the PDF
 * viewer's frame ran its scripts. The `page` fixture (fixtures.ts) applies it to every test's page.
 */
export async function countPrints(page: Page) {
  await page.addInitScript(() => {
    if (window.top !== window) return;
    const counter = window as Window & { __prints?: number };
    const original = Object.getOwnPropertyDescriptor(HTMLIFrameElement.prototype, 'contentWindow')!;
    Object.defineProperty(HTMLIFrameElement.prototype, 'contentWindow', {
      configurable: true,
      get(this: HTMLIFrameElement) {
        const inner = original.get!.call(this) as Window | null;
        if (!inner) return inner;
        return new Proxy(inner, {
          get(target, key) {
            if (key === 'print') return () => void (counter.__prints = (counter.__prints ?? 0) + 1);
            const value = Reflect.get(target, key) as unknown;
            return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
          },
        });
      },
    });
  });
}
export const printsOf = (page: Page) => page.evaluate(() => (window as Window & { __prints?: number }).__prints ?? 0);
