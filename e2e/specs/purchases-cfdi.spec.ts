import type { CfdiDraft, Product, ReadCfdiResponse } from '@mostrador/shared';
import { expect, storageStateOf, test, unique, uniqueBarcode } from '../fixtures';
import { supplierXmlFiles } from '../support/supplier-cfdi';

// A purchase from the supplier's XML (issue 37): two supplier invoices uploaded at once, one line's
// unknown code mapped to a product by hand, both registered, the stock in at the XML's cost
// (net of IVA, IEPS included), the mapping remembered, then the product sold at the counter.

test.use({ storageState: storageStateOf('Admin') });

test('two supplier XMLs: an unknown code mapped, both registered, the stock in at cost, then sold', async ({
  page,
  seed,
}) => {
  test.setTimeout(90_000);
  const id = unique().toUpperCase();
  const refrescoBarcode = uniqueBarcode();
  const galletasBarcode = uniqueBarcode();
  const refresco = await seed.product({ name: `Refresco ${id}`, price: 18, barcode: refrescoBarcode, stock: 0 });
  const galletas = await seed.product({ name: `Galletas ${id}`, price: 25, barcode: galletasBarcode, stock: 0 });
  const galletasCode = `GAL-${id}`;
  const [xenon, robotica] = await supplierXmlFiles([
    {
      fileName: `xenon-${id}.xml`,
      rfc: 'XIA190128J61',
      name: 'XENON INDUSTRIAL ARTICLES',
      serie: 'FA',
      folio: '101',
      fecha: '2026-11-20T09:30:00',
      lines: [
        // Matched by its barcode: (228.00 − 12.00 + IEPS 23.69) / 24 = 9.9871 a bottle.
        {
          code: refrescoBarcode,
          description: 'Refresco de cola 600 ml',
          quantity: '24',
          unitValue: '9.50',
          discount: '12.00',
          iva: '16',
          ieps: { cuota: '0.987060' },
        },
      ],
    },
    {
      fileName: `robotica-${id}.xml`,
      rfc: 'URE180429TM6',
      name: 'UNIVERSIDAD ROBOTICA ESPAÑOLA',
      serie: 'B',
      folio: '77',
      fecha: '2026-11-21T12:00:00',
      // The shop does not know this code: mapped by hand. (168.00 + IEPS 8 % 13.44) / 12 = 15.12.
      lines: [
        {
          code: galletasCode,
          description: 'Galletas surtidas 500 g',
          quantity: '12',
          unitValue: '14.00',
          iva: '16',
          ieps: { rate: '0.080000' },
        },
      ],
    },
  ]);

  await page.goto('/compras/xml');
  await expect(page.getByRole('heading', { name: 'Cargar XML de proveedor' })).toBeVisible();
  await expect(page.getByText('Todavía no has cargado ningún XML.')).toBeVisible();
  await page.locator('input[type="file"]').setInputFiles([xenon!, robotica!]);
  await page.getByRole('button', { name: 'Leer XML' }).click();

  const xenonCard = page.getByRole('region', { name: /XENON INDUSTRIAL ARTICLES/ });
  const roboticaCard = page.getByRole('region', { name: /UNIVERSIDAD ROBOTICA ESPAÑOLA/ });
  await expect(xenonCard).toContainText('FA-101');
  await expect(xenonCard).toContainText(xenon!.uuid);
  await expect(xenonCard.getByRole('row', { name: /Refresco de cola 600 ml/ })).toContainText('$9.9871');
  await expect(xenonCard.getByText('Por código de barras')).toBeVisible();
  await expect(roboticaCard.getByRole('row', { name: /Galletas surtidas 500 g/ })).toContainText('$15.12');
  await expect(roboticaCard.getByText('Falta elegir el producto de 1 renglón.')).toBeVisible();
  await expect(roboticaCard.getByRole('button', { name: 'Registrar compra' })).toBeDisabled();

  // Map the unknown code to the shop's product, and pay it in cash.
  const picker = roboticaCard.getByRole('combobox', { name: 'Elige el producto: Galletas surtidas 500 g' });
  await picker.fill(`Galletas ${id}`);
  await page.getByRole('option', { name: new RegExp(`Galletas ${id}`) }).click();
  await roboticaCard.getByText('Contado', { exact: true }).click();
  await roboticaCard.getByRole('button', { name: 'Registrar compra' }).click();
  await expect(roboticaCard.getByText(/Registrada como la compra #\d+\./)).toBeVisible();
  const roboticaId = Number(/#(\d+)/.exec((await roboticaCard.getByText(/Registrada como/).textContent()) ?? '')![1]);

  // The last one registered opens its purchase.
  await xenonCard.getByRole('button', { name: 'Registrar compra' }).click();
  await expect(page).toHaveURL(/\/compras\/\d+$/);
  const xenonId = Number(/\/compras\/(\d+)$/.exec(page.url())![1]);

  const bought = await seed.get<{
    supplier: { rfc: string | null };
    cfdiUuid: string;
    invoiceFolio: string;
    paid: string;
    items: Array<{ productId: number; quantity: number; unitCost: number; supplierCode: string | null }>;
  }>(`/purchase/details/${roboticaId}`);
  expect(bought).toMatchObject({
    supplier: { rfc: 'URE180429TM6' },
    cfdiUuid: robotica!.uuid,
    invoiceFolio: 'B-77',
    paid: 'contado',
    items: [{ productId: galletas.id, quantity: 12, unitCost: 15.12, supplierCode: galletasCode }],
  });
  expect(await seed.get(`/purchase/details/${xenonId}`)).toMatchObject({
    cfdiUuid: xenon!.uuid,
    paid: 'crédito',
    items: [{ productId: refresco.id, quantity: 24, unitCost: 9.9871, supplierCode: refrescoBarcode }],
  });
  const products = (await seed.get<{ products: Product[] }>('/product/list')).products;
  expect(products.find((p) => p.id === galletas.id)).toMatchObject({ stockQuantity: 12, averageCost: 15.12 });
  expect(products.find((p) => p.id === refresco.id)).toMatchObject({ stockQuantity: 24, averageCost: 9.99 });

  // Next time, that supplier's code finds the product by the mapping, and the XML is known.
  const again = await seed.api.post('/api/purchase/readCfdi', {
    multipart: { files: { name: robotica!.name, mimeType: 'text/xml', buffer: robotica!.buffer } },
  });
  expect(again.status(), await again.text()).toBe(200);
  const [draft] = ((await again.json()) as ReadCfdiResponse).drafts as [CfdiDraft];
  expect(draft.alreadyImported).toBe(true);
  expect(draft.lines[0]!.match).toEqual({ productId: galletas.id, productName: `Galletas ${id}`, by: 'mapping' });

  // Sold at the counter.
  await page.goto('/vender');
  await expect(page.getByPlaceholder('Escanea o escribe el código')).toBeFocused();
  await page.keyboard.type(galletasBarcode, { delay: 10 });
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('sale-line')).toHaveCount(1);
  await page.keyboard.press('F12');
  const pay = page.getByRole('dialog', { name: 'Cobrar' });
  await pay.getByRole('button', { name: '$50', exact: true }).click();
  await page.keyboard.press('Enter');
  await expect(pay).toBeHidden();
  expect(await seed.stockOf(galletas.id)).toBe(11);

  // The day's profit on the Panel (other specs sell today too, so its amount is theirs as well),
  // and this sale's own line in 'Utilidad': $25.00 with IVA is $21.55 of revenue, at its cost of $15.12.
  await page.goto('/dashboard');
  await expect(page.getByTestId('figure-profit-today-value')).toHaveText(/^\$[\d,]+\.\d{2}$/);
  await expect(page.getByTestId('figure-profit-today-margin')).toContainText('Margen');
  await page.goto('/reports');
  const line = page.getByTestId('profit-table').getByRole('row', { name: new RegExp(`Galletas ${id}`) });
  await expect(line.getByRole('cell')).toHaveText([
    `Galletas ${id}`,
    /^1\s*pza$/,
    '$21.55',
    '$15.12',
    '$6.43',
    '29.8 %',
    '$0.00',
  ]);
});

test("a line's product created on the way: the form starts from the line, the new product is taken", async ({
  page,
  seed,
}) => {
  const id = unique().toUpperCase();
  const code = `ATN-${id}`;
  const [file] = await supplierXmlFiles([
    {
      fileName: `atun-${id}.xml`,
      rfc: 'XIA190128J61',
      name: 'XENON INDUSTRIAL ARTICLES',
      folio: '202',
      fecha: '2026-11-22T10:00:00',
      lines: [{ code, description: `Atún en agua 140 g ${id}`, quantity: '48', unitValue: '16.25', iva: '0' }],
    },
  ]);
  await page.goto('/compras/xml');
  await page
    .locator('input[type="file"]')
    .setInputFiles([
      file!,
      { name: 'notas.xml', mimeType: 'text/xml', buffer: Buffer.from('<notas><nota>hola</nota></notas>') },
    ]);
  await page.getByRole('button', { name: 'Leer XML' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'notas.xml' })).toContainText(
    'El archivo no es un CFDI (factura electrónica del SAT).',
  );
  const card = page.getByRole('region', { name: /XENON INDUSTRIAL ARTICLES/ });
  await expect(card.getByRole('row', { name: /Atún en agua/ })).toContainText('$16.25');
  await card.getByRole('button', { name: 'Crear producto' }).click();

  const create = page.getByRole('dialog', { name: 'Crear producto' });
  await expect(create.getByLabel('Nombre')).toHaveValue(`Atún en agua 140 g ${id}`);
  await expect(create.getByRole('textbox', { name: 'Código', exact: true })).toHaveValue(code);
  await expect(create.getByLabel('Unidades')).toHaveValue('pza');
  await expect(create.getByRole('combobox', { name: 'Unidad SAT' })).toHaveValue('H87');
  await expect(create.getByLabel('Stock inicial')).toHaveValue('0');
  await create.getByLabel('Precio de venta').fill('24');
  await create.getByRole('button', { name: 'Crear producto' }).click();
  await expect(create).toBeHidden();

  const picker = card.getByRole('combobox', { name: `Elige el producto: Atún en agua 140 g ${id}` });
  await expect(picker).toHaveValue(new RegExp(`Atún en agua 140 g ${id}`));
  await expect(card.getByRole('button', { name: 'Registrar compra' })).toBeEnabled();
  const { products } = await seed.get<{ products: Product[] }>('/product/list');
  expect(products.find((p) => p.cuid === code)).toMatchObject({ stockQuantity: 0, ivaRate: '0', price: 24 });
});
