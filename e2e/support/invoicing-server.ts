import { expect } from '@playwright/test';
import { type FakePac, startFakePac } from '../../apps/server/scripts/fake-pac/fake-pac';
import { makeCsd } from '../../apps/server/test/helpers/csd';
import { type Credentials, startOwnServer } from './own-server';

/** The shop's RFC on the invoicing specs' servers (the SAT's test RFC their CSD is made for). */
export const SHOP_RFC = 'EKU9003173C9';

/**
 * A server of a spec's own that can invoice: a fake PAC on loopback, the shop's fiscal identity
 * and a CSD made with openssl, set through the API. `stop` ends both.
 */
export async function startInvoicingServer(name: string, admin: Credentials) {
  const pac: FakePac = await startFakePac();
  const server = await startOwnServer(name, admin, {
    PAC_URL: pac.url,
    PAC_USER: pac.user,
    PAC_PASSWORD: pac.password,
  });
  const seed = await server.seedAs();
  const fiscal = await seed.api.put('/api/business/fiscal', {
    data: { rfc: SHOP_RFC, legalName: 'Escuela Kemper Urgate', taxRegime: '601', zipCode: '64000' },
  });
  expect(fiscal.ok(), await fiscal.text()).toBe(true);
  const csd = makeCsd({ rfc: SHOP_RFC });
  const upload = await seed.api.post('/api/business/csd', {
    multipart: {
      cer: { name: 'sello.cer', mimeType: 'application/octet-stream', buffer: csd.cer },
      key: { name: 'sello.key', mimeType: 'application/octet-stream', buffer: csd.key },
      password: csd.password,
    },
  });
  expect(upload.ok(), await upload.text()).toBe(true);
  return {
    pac,
    server,
    seed,
    async stop() {
      await seed.dispose();
      await server.stop();
      await pac.stop();
    },
  };
}
