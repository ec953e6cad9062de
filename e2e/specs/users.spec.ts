import { expect, storageStateOf, test, unique } from '../fixtures';

test.describe('Users', () => {
  test.use({ storageState: storageStateOf('Admin') });

  test('adding a user validates, confirms, lists them, and they can sign in', async ({ page, browser }) => {
    const id = unique();
    const email = `nuevo.${id}@e2e.mx`;
    await page.goto('/users');
    await expect(page.getByRole('cell', { name: 'admin@e2e.mx' })).toBeVisible();
    // Roles in Spanish, as the rest of the screen.
    await expect(page.getByRole('row', { name: /admin@e2e\.mx/ })).toContainText('Administrador');
    await expect(page.getByRole('row', { name: /gerente@e2e\.mx/ })).toContainText('Gerente');
    await expect(page.getByRole('row', { name: /vendedora@e2e\.mx/ })).toContainText('Vendedor');

    await page.getByRole('button', { name: 'Agregar usuario' }).click();
    const modal = page.getByRole('dialog', { name: 'Agregar usuario' });
    await expect(modal.getByLabel('Rol')).toHaveValue('Vendedor');
    await modal.getByLabel('Correo electrónico').fill('no-es-correo');
    await modal.getByRole('button', { name: 'Agregar' }).click();
    await expect(modal.getByText('El nombre es obligatorio.')).toBeVisible();
    await expect(modal.getByText('Correo electrónico inválido.')).toBeVisible();
    await expect(modal.getByText('La contraseña es obligatoria.')).toBeVisible();

    await modal.getByLabel('Nombre').fill(`Néstor Núñez ${id}`);
    await modal.getByLabel('Correo electrónico').fill(email);
    // The password rule, said in the form before anything is sent.
    const password = modal.getByLabel('Contraseña');
    await expect(modal.getByText('Al menos 10 caracteres, sin su nombre ni su correo')).toBeVisible();
    for (const [weak, message] of [
      ['12345678', 'La contraseña debe tener al menos 10 caracteres.'],
      ['qwertyuiop', 'Esa contraseña es de las más usadas y fácil de adivinar; elige otra.'],
      ['nestor-2026!', 'La contraseña no puede contener el nombre ni el correo del usuario.'],
    ] as const) {
      await password.fill(weak);
      await modal.getByRole('button', { name: 'Agregar' }).click();
      await expect(modal.getByText(message)).toBeVisible();
    }
    await password.fill('bodega-2026');
    await modal.getByRole('button', { name: 'Agregar' }).click();
    await expect(page.getByText(`El usuario Néstor Núñez ${id} ha sido agregado correctamente.`)).toBeVisible();
    await expect(modal).toBeHidden();
    await expect(page.getByRole('cell', { name: email })).toBeVisible();

    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const other = await context.newPage();
    await other.goto('/login');
    await other.getByLabel('Correo electrónico').fill(email);
    await other.getByLabel('Contraseña').fill('bodega-2026');
    await other.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect(other.getByTestId('current-user-name')).toHaveText(`Néstor Núñez ${id}`);
    await expect(other.getByRole('navigation', { name: 'Menú principal' }).getByRole('link')).toHaveText([
      'Vender',
      'Caja',
      'Remisiones',
    ]);
    await context.close();
  });

  test('a duplicate e-mail shows the failure toast with the reason', async ({ page }) => {
    await page.goto('/users');
    await page.getByRole('button', { name: 'Agregar usuario' }).click();
    const modal = page.getByRole('dialog', { name: 'Agregar usuario' });
    await modal.getByLabel('Nombre').fill('Repetido');
    await modal.getByLabel('Correo electrónico').fill('admin@e2e.mx');
    await modal.getByLabel('Contraseña').fill('otra-clave-2026');
    await modal.getByRole('button', { name: 'Agregar' }).click();
    await expect(
      page.getByText(
        'Hubo un problema al agregar el usuario. Inténtelo de nuevo. Ya existe un usuario con ese correo electrónico.',
      ),
    ).toBeVisible();
    await expect(modal).toBeVisible();
  });
});
