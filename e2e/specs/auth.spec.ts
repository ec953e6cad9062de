import { expect, storageStateOf, test, USERS, withTokens } from '../fixtures';
import { SESSION_KEY } from '../support/users';

test.describe('sign-in', () => {
  test('a good login lands a Manager on the dashboard with the user in the top bar', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Mostrador' })).toBeVisible();
    await page.getByLabel('Correo electrónico').fill(USERS.Manager.email);
    await page.getByLabel('Contraseña').fill(USERS.Manager.password);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Panel', level: 1 })).toBeVisible();
    await expect(page.getByTestId('current-user-name')).toHaveText(USERS.Manager.name);
    await expect(page.getByRole('navigation').getByText('Remisiones')).toBeVisible();
  });

  test('a Seller lands on the counter, ready to scan', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Correo electrónico').fill(USERS.Seller.email);
    await page.getByLabel('Contraseña').fill(USERS.Seller.password);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect(page).toHaveURL(/\/vender$/);
    await expect(page.getByRole('heading', { name: 'Vender', level: 1 })).toBeVisible();
    await expect(page.getByPlaceholder('Escanea o escribe el código')).toBeFocused();
  });

  test('a bad password shows the server message in red below the form', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Correo electrónico').fill(USERS.Seller.email);
    await page.getByLabel('Contraseña').fill('no-es-la-contraseña');
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toHaveText('Correo o contraseña incorrectos');
    await expect(alert).toHaveCSS('color', 'rgb(201, 42, 42)');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('empty fields show the validation messages and make no call', async ({ page }) => {
    let calls = 0;
    page.on('request', (request) => {
      if (request.url().includes('/api/auth/login')) calls++;
    });
    await page.goto('/login');
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect(page.getByText('El correo electrónico es obligatorio.')).toBeVisible();
    await expect(page.getByText('La contraseña es obligatoria.')).toBeVisible();
    expect(calls).toBe(0);
  });
});

test.describe('a signed-in session', () => {
  test.use({ storageState: storageStateOf('Seller') });

  test('survives a reload and sends a signed-in user away from /login', async ({ page }) => {
    await page.goto('/receipts');
    await expect(page.getByTestId('current-user-name')).toHaveText(USERS.Seller.name);
    await page.reload();
    await expect(page.getByTestId('current-user-name')).toHaveText(USERS.Seller.name);
    // A Seller's first page is the counter.
    await page.goto('/login');
    await expect(page).toHaveURL(/\/vender$/);
  });
});

test.describe('a stored session whose access token has expired', () => {
  test.use({ storageState: withTokens('Seller', { accessToken: 'caducado.token.invalido' }) });

  test('is renewed with the refresh token, once, and carries on', async ({ page }) => {
    const refreshes: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/auth/refreshToken')) refreshes.push(request.url());
    });
    await page.goto('/receipts');
    await expect(page.getByTestId('current-user-name')).toHaveText(USERS.Seller.name);
    expect(refreshes).toHaveLength(1);
    const stored = await page.evaluate((key) => JSON.parse(localStorage.getItem(key)!).accessToken, SESSION_KEY);
    expect(stored).not.toBe('caducado.token.invalido');
  });
});

test.describe('a stored session that cannot be renewed', () => {
  test.use({ storageState: withTokens('Manager', { accessToken: 'x.y.z', refreshToken: 'revocado' }) });

  test('ends on the login screen', async ({ page }) => {
    await page.goto('/receipts');
    // The refresh fails, so the session is cleared and the user goes to /login.
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Iniciar sesión' })).toBeVisible();
    expect(await page.evaluate((key) => localStorage.getItem(key), SESSION_KEY)).toBeNull();
  });
});

test('sign-out clears the session and guarded pages deny access', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Correo electrónico').fill(USERS.Admin.email);
  await page.getByLabel('Contraseña').fill(USERS.Admin.password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page.getByTestId('current-user-name')).toBeVisible();
  await page.getByRole('button', { name: 'Configuración' }).click();
  await page.getByRole('menuitem', { name: 'Cerrar Sesion' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/users');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to Login' })).toBeVisible();
});

test.describe('a stored session', () => {
  test.use({ storageState: storageStateOf('Manager') });

  test('reloading shows a loader while the session is checked, never the login form', async ({ page }) => {
    // Holds the check of the stored token (the real server still answers it) to look at the wait.
    let release = () => {};
    await page.route('**/api/auth/validateToken', async (route) => {
      await new Promise<void>((resolve) => (release = resolve));
      await route.continue();
    });
    for (const [path, landing] of [
      ['/clients', /\/clients$/],
      ['/login', /\/dashboard$/],
    ] as const) {
      await page.goto(path);
      await expect(page.getByTestId('session-restoring')).toBeVisible();
      await expect(page.getByLabel('Correo electrónico')).toHaveCount(0);
      await expect(page.getByRole('heading', { name: 'Access Denied' })).toHaveCount(0);
      release();
      await expect(page.getByTestId('current-user-name')).toHaveText(USERS.Manager.name);
      await expect(page).toHaveURL(landing);
    }
  });
});
