import type { Page } from '@playwright/test';
import { expect, storageStateOf, test, unique } from '../fixtures';

/** Other specs create clients too: find ours through the search box. */
async function searchFor(page: Page, text: string) {
  await page.getByLabel('Buscar').fill(text);
}

const card = (page: Page, name: string) => page.getByRole('article', { name, exact: true });

test.describe('Clients as Admin', () => {
  test.use({ storageState: storageStateOf('Admin') });

  test('creating a client validates, confirms, and lists it (button and ctrl+K)', async ({ page }) => {
    const id = unique();
    await page.goto('/clients');
    await page.getByRole('button', { name: 'Crear cliente' }).click();
    const modal = page.getByRole('dialog', { name: 'Crear cliente' });
    await modal.getByLabel('Nombre').fill('   ');
    await modal.getByLabel('Correo electrónico').fill('no-es-correo');
    await modal.getByRole('button', { name: 'Crear cliente' }).click();
    await expect(modal.getByText('El nombre es obligatorio.')).toBeVisible();
    await expect(modal.getByText('El apellido es obligatorio.')).toBeVisible();
    await expect(modal.getByText('Correo electrónico inválido.')).toBeVisible();
    await modal.getByRole('button', { name: 'Cancelar' }).click();
    await expect(modal).toBeHidden();

    await page.keyboard.press('Control+K');
    await expect(modal).toBeVisible();
    await expect(modal.getByLabel('Nombre')).toHaveValue('');
    await modal.getByLabel('Nombre').fill(`Dolores ${id}`);
    await modal.getByLabel('Apellido').fill('Treviño');
    await modal.getByLabel('Teléfono').fill('81 5555 0000');
    await modal.getByLabel('Correo electrónico').fill(`dolores.${id}@correo.mx`);
    await modal.getByLabel('Dirección').fill('Calle Morelos 12\nCentro');
    await modal.getByRole('button', { name: 'Crear cliente' }).click();
    await expect(page.getByText('El cliente ha sido creado correctamente.')).toBeVisible();
    await expect(modal).toBeHidden();

    await searchFor(page, id);
    const created = card(page, `Dolores ${id} Treviño`);
    await expect(created).toBeVisible();
    await expect(created.getByText(/^Cliente #\d+$/)).toBeVisible();
    await expect(created.getByText(`dolores.${id}@correo.mx`)).toBeVisible();
    await expect(created.getByText('81 5555 0000')).toBeVisible();
    await expect(created.getByText(/Calle Morelos 12\s+Centro/)).toBeVisible();
  });

  test('search ignores case and accents, needs every word, and Limpiar resets it', async ({ page, seed }) => {
    const id = unique();
    await seed.client({ firstName: `Ñoño ${id}`, lastName: 'Pérez Ávila' });
    await seed.client({ firstName: `Iñaki ${id}`, lastName: 'Garza' });
    await page.goto('/clients');

    await searchFor(page, `NONO ${id} perez avila`);
    await expect(page.getByTestId('client-card')).toHaveCount(1);
    await expect(card(page, `Ñoño ${id} Pérez Ávila`)).toBeVisible();

    await searchFor(page, `${id} garza`);
    await expect(page.getByTestId('client-card')).toHaveCount(1);
    await expect(card(page, `Iñaki ${id} Garza`)).toBeVisible();

    await searchFor(page, id);
    await expect(page.getByTestId('client-card')).toHaveCount(2);

    await searchFor(page, `${id} nadie`);
    await expect(page.getByText('Sin clientes.')).toBeVisible();

    await page.getByRole('button', { name: 'Limpiar' }).click();
    await expect(page.getByLabel('Buscar')).toHaveValue('');
    await expect(page.getByText('Sin clientes.')).toBeHidden();
    await expect(page.getByTestId('client-card').first()).toBeVisible();
  });

  test('a long result renders in steps: 24 cards, then more while scrolling', async ({ page, seed }) => {
    const id = unique();
    for (let batch = 0; batch < 5; batch++) {
      await Promise.all(
        Array.from({ length: 10 }, (_, i) => seed.client({ firstName: `Lote ${id}`, lastName: `N${batch * 10 + i}` })),
      );
    }
    await page.setViewportSize({ width: 1366, height: 700 });
    await page.goto('/clients');
    await searchFor(page, `lote ${id}`);
    await expect(page.getByText(/^50( de [\d,]+)? clientes$/)).toBeVisible();
    await expect(page.getByTestId('client-card')).toHaveCount(24);
    await expect(page.getByRole('button', { name: 'Mostrar más (26 restantes)' })).toBeAttached();
    // Nearing the end of the list brings the next step in.
    await expect(async () => {
      await page.mouse.wheel(0, 3000);
      await expect(page.getByTestId('client-card')).toHaveCount(50, { timeout: 1000 });
    }).toPass();
    await expect(page.getByRole('button', { name: /Mostrar más/ })).toHaveCount(0);
  });

  test('the name opens the detail with its card and no receipts; unknown and bad ids say so', async ({
    page,
    seed,
  }) => {
    const id = unique();
    const client = await seed.client({ firstName: `Detalle ${id}`, lastName: 'Salinas', phone: '81 2222 3333' });
    await page.goto('/clients');
    await searchFor(page, id);
    await page.getByRole('link', { name: `Detalle ${id} Salinas` }).click();
    await expect(page).toHaveURL(new RegExp(`/clients/${client.id}$`));
    await expect(page.getByRole('heading', { name: `Detalle ${id} Salinas` })).toBeVisible();
    await expect(page.getByText(`Cliente #${client.id}`)).toBeVisible();
    await expect(page.getByText('81 2222 3333')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Receipts (0)' })).toBeVisible();
    await expect(page.getByText('Este cliente aún no tiene remisiones.')).toBeVisible();

    await page.goto('/clients/99999999');
    await expect(page.getByText('Client not found.')).toBeVisible();
    await page.goto('/clients/abc');
    const missing = page.getByRole('alert').filter({ hasText: 'Missing client id' });
    await expect(missing).toContainText('Client id is required.');
  });

  test('the detail shows the client’s receipts as cards, newest first by date, also once disabled', async ({
    page,
    seed,
  }) => {
    const id = unique();
    const client = await seed.client({ firstName: `Historial ${id}`, lastName: 'Garza' });
    const product = await seed.product({ units: 'kg', stock: 50 });
    const sell = async (date: string, quantity: number, paymentMode: 'Cash' | 'Credit') =>
      (
        await seed.receipt({
          clientId: client.id,
          paymentMode,
          items: [{ productId: product.id, quantity, price: 12.5 }],
          date,
        })
      ).id;
    // Created out of date order: the page orders by date.
    const middle = await sell('2026-03-10T10:00:00', 2, 'Cash');
    const newest = await sell('2026-03-12T09:00:00', 4, 'Credit');
    const oldest = await sell('2026-03-01T18:00:00', 1, 'Cash');
    await seed.post('/client/disable', { id: client.id });

    await page.goto(`/clients/${client.id}`);
    await expect(page.getByText('Deshabilitado')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Receipts (3)' })).toBeVisible();
    const cards = page.getByTestId('receipt-card');
    await expect(cards).toHaveCount(3);
    await expect(cards.nth(0)).toHaveAccessibleName(`Remisión #${newest}`);
    await expect(cards.nth(1)).toHaveAccessibleName(`Remisión #${middle}`);
    await expect(cards.nth(2)).toHaveAccessibleName(`Remisión #${oldest}`);
    await expect(cards.nth(0)).toContainText('$50');
    await expect(cards.nth(0)).toContainText(`Historial ${id} Garza`);
    await expect(page.getByText('Este cliente aún no tiene remisiones.')).toHaveCount(0);
  });

  test('editing: Guardar cambios only after a change, then the card shows it', async ({ page, seed }) => {
    const id = unique();
    await seed.client({ firstName: `Edita ${id}`, lastName: 'Ríos', email: `edita.${id}@correo.mx` });
    await page.goto('/clients');
    await searchFor(page, id);
    await page.getByRole('button', { name: `Acciones de Edita ${id} Ríos` }).click();
    await page.getByRole('menuitem', { name: 'Editar' }).click();

    const modal = page.getByRole('dialog', { name: 'Editar cliente' });
    const save = modal.getByRole('button', { name: 'Guardar cambios' });
    await expect(modal.getByLabel('Nombre')).toHaveValue(`Edita ${id}`);
    await expect(modal.getByLabel('Correo electrónico')).toHaveAttribute('type', 'email');
    await expect(modal.getByLabel('Dirección')).toHaveAttribute('rows', '3');
    await expect(save).toBeDisabled();
    await modal.getByLabel('Apellido').fill('Ríos Cantú');
    await expect(save).toBeEnabled();
    await modal.getByLabel('Apellido').fill('Ríos');
    await expect(save).toBeDisabled();

    await modal.getByLabel('Apellido').fill(' ');
    await modal.getByLabel('Teléfono').fill('81 4444 1111');
    await save.click();
    await expect(modal.getByText('El apellido es obligatorio.')).toBeVisible();
    await modal.getByLabel('Apellido').fill('Ríos Cantú');
    await modal.getByLabel('Correo electrónico').fill('');
    await save.click();
    await expect(page.getByText('El cliente ha sido actualizado correctamente.')).toBeVisible();
    await expect(modal).toBeHidden();

    const edited = card(page, `Edita ${id} Ríos Cantú`);
    await expect(edited).toBeVisible();
    await expect(edited.getByText('81 4444 1111')).toBeVisible();
    await expect(edited.getByText(`edita.${id}@correo.mx`)).toHaveCount(0);
  });

  test('Datos fiscales: the RFC in upper case as typed, its messages, the régimenes of its kind of person', async ({
    page,
  }) => {
    const id = unique();
    await page.goto('/clients');
    await page.getByRole('button', { name: 'Crear cliente' }).click();
    const modal = page.getByRole('dialog', { name: 'Crear cliente' });
    await modal.getByLabel('Nombre').fill(`Kemper ${id}`);
    await modal.getByLabel('Apellido').fill('Urgate');
    await modal.getByRole('button', { name: 'Datos fiscales' }).click();
    const rfc = modal.getByLabel('RFC');
    await rfc.pressSequentially('eku9003173c8');
    await expect(rfc).toHaveValue('EKU9003173C8');
    await modal.getByRole('button', { name: 'Crear cliente' }).click();
    await expect(
      modal.getByText('El dígito verificador del RFC no coincide; revisa que esté bien escrito.'),
    ).toBeVisible();

    await rfc.fill('EKU9003173C9');
    await modal.getByLabel('Razón social').fill('Escuela Kemper Urgate');
    await modal.getByLabel('C.P. fiscal').fill('26015');
    await expect(modal.getByLabel('Uso CFDI')).toHaveValue('G03 — Gastos en general');
    await modal.getByLabel('Régimen fiscal').click();
    // A persona moral's RFC: no régimen of personas físicas is offered.
    await expect(page.getByRole('option', { name: /^612 — / })).toHaveCount(0);
    await page.getByRole('option', { name: /^601 — / }).click();
    await modal.getByRole('button', { name: 'Crear cliente' }).click();
    await expect(page.getByText('El cliente ha sido creado correctamente.')).toBeVisible();

    await searchFor(page, id);
    const created = card(page, `Kemper ${id} Urgate`);
    await expect(created.getByText('RFC EKU9003173C9 · ESCUELA KEMPER URGATE')).toBeVisible();
    await page.getByRole('button', { name: `Acciones de Kemper ${id} Urgate` }).click();
    await page.getByRole('menuitem', { name: 'Editar' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar cliente' });
    // Open by itself for a client with fiscal data.
    await expect(edit.getByLabel('Régimen fiscal')).toHaveValue('601 — General de Ley Personas Morales');
    await edit.getByLabel('RFC').fill('CACX7605101P8');
    await edit.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(edit.getByText('El régimen fiscal no corresponde al tipo de persona del RFC.')).toBeVisible();
  });

  test('disabling (Eliminar) removes the client from the list; its detail still opens', async ({ page, seed }) => {
    const id = unique();
    const client = await seed.client({ firstName: `Baja ${id}`, lastName: 'Zúñiga' });
    await page.goto('/clients');
    await searchFor(page, id);
    await page.getByRole('button', { name: `Acciones de Baja ${id} Zúñiga` }).click();
    await page.getByRole('menuitem', { name: 'Eliminar' }).click();

    const modal = page.getByRole('dialog', { name: 'Deshabilitar cliente' });
    await expect(modal.getByText(`¿Deseas deshabilitar al cliente Baja ${id} Zúñiga?`)).toBeVisible();
    await modal.getByRole('button', { name: 'Cancelar' }).click();
    await expect(modal).toBeHidden();
    await expect(card(page, `Baja ${id} Zúñiga`)).toBeVisible();

    await page.getByRole('button', { name: `Acciones de Baja ${id} Zúñiga` }).click();
    await page.getByRole('menuitem', { name: 'Eliminar' }).click();
    await modal.getByRole('button', { name: 'Deshabilitar' }).click();
    await expect(page.getByText('El cliente ha sido deshabilitado correctamente.')).toBeVisible();
    await expect(card(page, `Baja ${id} Zúñiga`)).toHaveCount(0);
    await expect(page.getByText('Sin clientes.')).toBeVisible();

    await page.reload();
    await searchFor(page, id);
    await expect(page.getByText('Sin clientes.')).toBeVisible();

    await page.goto(`/clients/${client.id}`);
    await expect(page.getByRole('heading', { name: `Baja ${id} Zúñiga` })).toBeVisible();
    await expect(page.getByText('Deshabilitado')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Receipts (0)' })).toBeVisible();
  });

  test('failures show the spec’s texts: load error with retry, and each action’s toast', async ({ page, seed }) => {
    const id = unique();
    await seed.client({ firstName: `Falla ${id}`, lastName: 'Prueba' });

    let failList = true;
    await page.route('**/api/client/list', (route) =>
      failList ? route.fulfill({ status: 500, json: { message: 'x', error: 'INTERNAL' } }) : route.fallback(),
    );
    await page.goto('/clients');
    await expect(page.getByText('Error al cargar clientes')).toBeVisible();
    failList = false;
    await page.getByRole('button', { name: 'Reintentar' }).click();
    await searchFor(page, id);
    await expect(card(page, `Falla ${id} Prueba`)).toBeVisible();

    const refuse = { status: 500, json: { message: 'Ocurrió un error inesperado.', error: 'INTERNAL' } };
    await page.route('**/api/client/edit', (route) => route.fulfill(refuse));
    await page.route('**/api/client/disable', (route) => route.fulfill(refuse));
    await page.route('**/api/client/register', (route) => route.fulfill(refuse));

    await page.getByRole('button', { name: `Acciones de Falla ${id} Prueba` }).click();
    await page.getByRole('menuitem', { name: 'Editar' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar cliente' });
    await edit.getByLabel('Teléfono').fill('1');
    await edit.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(page.getByText('Hubo un problema al actualizar el cliente. Inténtelo de nuevo.')).toBeVisible();
    await expect(edit).toBeVisible();
    await edit.getByRole('button', { name: 'Cancelar' }).click();

    await page.getByRole('button', { name: `Acciones de Falla ${id} Prueba` }).click();
    await page.getByRole('menuitem', { name: 'Eliminar' }).click();
    await page
      .getByRole('dialog', { name: 'Deshabilitar cliente' })
      .getByRole('button', { name: 'Deshabilitar' })
      .click();
    await expect(page.getByText('Hubo un problema al deshabilitar al cliente. Inténtelo de nuevo.')).toBeVisible();
    await page.getByRole('dialog', { name: 'Deshabilitar cliente' }).getByRole('button', { name: 'Cancelar' }).click();

    await page.getByRole('button', { name: 'Crear cliente' }).click();
    const create = page.getByRole('dialog', { name: 'Crear cliente' });
    await create.getByLabel('Nombre').fill('No');
    await create.getByLabel('Apellido').fill('Se Crea');
    await create.getByRole('button', { name: 'Crear cliente' }).click();
    await expect(page.getByText('Hubo un problema al crear al cliente. Inténtelo de nuevo.')).toBeVisible();
    await expect(create).toBeVisible();
  });
});

test.describe('Clients as Manager', () => {
  test.use({ storageState: storageStateOf('Manager') });

  test('a Manager edits from the detail page, which shows Actualizando… while it refreshes', async ({ page, seed }) => {
    const id = unique();
    const client = await seed.client({ firstName: `Gerencia ${id}`, lastName: 'Martínez' });
    await page.goto(`/clients/${client.id}`);
    await page.getByRole('button', { name: `Acciones de Gerencia ${id} Martínez` }).click();
    await page.getByRole('menuitem', { name: 'Editar' }).click();
    const modal = page.getByRole('dialog', { name: 'Editar cliente' });
    await modal.getByLabel('Dirección').fill('Av. Garza Sada 300');

    // Hold the refresh that follows the save, to see the indicator.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**/api/client/details/${client.id}`, async (route) => {
      await held;
      await route.fallback();
    });
    await modal.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(page.getByText('El cliente ha sido actualizado correctamente.')).toBeVisible();
    await expect(page.getByText('Actualizando…')).toBeVisible();
    release();
    await expect(page.getByText('Actualizando…')).toBeHidden();
    await expect(page.getByText('Av. Garza Sada 300')).toBeVisible();
  });
});

test.describe('Clients as Seller', () => {
  test.use({ storageState: storageStateOf('Seller') });

  test('a Seller has no Clientes entry, and a client opened by id shows no edit or disable actions', async ({
    page,
    seed,
  }) => {
    const id = unique();
    const client = await seed.client({ firstName: `Vista ${id}`, lastName: 'Cantú' });
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Menú principal' });
    await expect(nav.getByRole('link', { name: 'Remisiones' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Clientes' })).toHaveCount(0);

    await page.goto(`/clients/${client.id}`);
    await expect(page.getByRole('heading', { name: `Vista ${id} Cantú` })).toBeVisible();
    await expect(page.getByText(`Cliente #${client.id}`)).toBeVisible();
    await expect(page.getByRole('button', { name: /Acciones de/ })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Clientes' })).toHaveCount(0);
  });
});

test.describe('A long client history', () => {
  test.use({ storageState: storageStateOf('Admin') });

  test('the client page brings older receipts page by page: every receipt once, none left out', async ({
    page,
    seed,
  }) => {
    const id = unique();
    const product = await seed.product({ stock: 1000 });
    const client = await seed.client({ firstName: `Historial ${id}`, lastName: 'Largo' });
    const ids: number[] = [];
    // One more than the server's first page (50) and its steps of 20 on screen.
    for (let i = 0; i < 61; i++) {
      const receipt = await seed.receipt({
        clientId: client.id,
        paymentMode: 'Cash',
        items: [{ productId: product.id, quantity: 1, price: 10 }],
        printReceipt: false,
      });
      ids.push(receipt.id);
    }

    await page.goto(`/clients/${client.id}`);
    await expect(page.getByRole('heading', { name: 'Receipts (61)' })).toBeVisible();
    const cards = page.getByTestId('receipt-card');
    await expect(cards).toHaveCount(20);
    for (const [remaining, shown] of [
      [41, 40],
      [21, 60],
      [1, 61],
    ] as const) {
      await page.getByRole('button', { name: `Mostrar más (${remaining} restantes)` }).click();
      await expect(cards).toHaveCount(shown);
    }
    await expect(page.getByRole('button', { name: /Mostrar más/ })).toHaveCount(0);
    const shownIds = await cards.evaluateAll((nodes) =>
      nodes.map((node) => Number(/#(\d+)/.exec(node.textContent ?? '')?.[1])),
    );
    expect(shownIds).toEqual([...ids].reverse());
  });
});
