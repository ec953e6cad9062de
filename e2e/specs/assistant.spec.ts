import { createReceiptToolDefinition, formatTotal, type Receipt } from '@mostrador/shared';
import type { Page } from '@playwright/test';
import { expect, storageStateOf, test, unique } from '../fixtures';
import { CHROMIUM_ARGS } from '../playwright.config';
import {
  FAKE_PROVIDER_API_KEY,
  modelNotFound,
  realtimeProvider,
  type SessionState,
  sessionProblem,
} from '../support/fake-realtime-provider';

// Voice assistant (issue 8), against the fake provider global-setup starts on loopback: a real
// WebRTC peer answers the browser's offer and plays the model's part on the data channel. The
// fake is shared by the run, so each test finds its own session by the ephemeral key its page
// received from /api/getEphemeralKey.

test.use({
  storageState: storageStateOf('Admin'),
  permissions: ['microphone'],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      ...CHROMIUM_ARGS,
      '--allow-loopback-in-peer-connection',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
    ],
  },
});

const provider = realtimeProvider();

/** The ephemeral key the page is given next. */
async function nextEphemeralKey(page: Page): Promise<string> {
  const response = await page.waitForResponse((r) => r.url().endsWith('/api/getEphemeralKey'));
  expect(response.status()).toBe(200);
  return ((await response.json()) as { ephemeral_key: string }).ephemeral_key;
}

/** Opens the assistant and waits for 'Conectado'; returns the fake's side of the session. */
async function callAssistant(page: Page): Promise<SessionState> {
  await page.goto('/assistant');
  const key = nextEphemeralKey(page);
  await page.getByRole('button', { name: 'Llamar Asistente' }).click();
  const modal = page.getByRole('dialog', { name: 'Realtime Assistant' });
  await expect(modal.getByTestId('assistant-status')).toHaveText('Conectado');
  return provider.sessionFor(await key);
}

/**
 * Opens the assistant after scripting the fake for the ephemeral key this page gets (before the
 * page may use it), and waits for the error state; returns the modal.
 */
async function callAssistantFailing(page: Page, script: (ephemeralKey: string) => Promise<void>) {
  await page.goto('/assistant');
  await page.route('**/api/getEphemeralKey', async (route) => {
    const response = await route.fetch();
    await script(((await response.json()) as { ephemeral_key: string }).ephemeral_key);
    await route.fulfill({ response });
  });
  await page.getByRole('button', { name: 'Llamar Asistente' }).click();
  const modal = page.getByRole('dialog', { name: 'Realtime Assistant' });
  await expect(modal.getByTestId('assistant-status')).toHaveText('Error');
  return modal;
}

/**
 * Every microphone track the page gives a peer connection, so a test can read `enabled`, and
 * every peer connection's configuration.
 */
async function watchTracks(page: Page) {
  await page.addInitScript(() => {
    const tracks: MediaStreamTrack[] = [];
    const configs: Array<RTCConfiguration | undefined> = [];
    Object.assign(window, { __tracks: tracks, __configs: configs });
    const Original = window.RTCPeerConnection;
    window.RTCPeerConnection = class extends Original {
      constructor(config?: RTCConfiguration) {
        configs.push(config);
        super(config);
      }
    };
    const addTrack = RTCPeerConnection.prototype.addTrack;
    RTCPeerConnection.prototype.addTrack = function (track, ...streams) {
      tracks.push(track);
      return addTrack.call(this, track, ...streams);
    };
  });
  return () =>
    page.evaluate(() => {
      const tracks = (window as unknown as { __tracks: MediaStreamTrack[] }).__tracks;
      return tracks.map((t) => ({ kind: t.kind, enabled: t.enabled, readyState: t.readyState }));
    });
}

test.describe('voice assistant', () => {
  test('a dictated receipt opens the form prefilled; it is sold only when the person submits', async ({
    page,
    seed,
  }) => {
    const tortilla = await seed.product({ name: `Tortilla ${unique()}`, stock: 20, units: 'kg' });
    const salsa = await seed.product({ name: `Salsa ${unique()}`, stock: 10, units: 'frasco' });
    const client = await seed.client({ firstName: `Rosa ${unique()}`, lastName: 'Treviño' });

    const session = await callAssistant(page);
    const modal = page.getByRole('dialog', { name: 'Realtime Assistant' });

    // The key was minted with the server's key for the default, generally available model (the
    // fake refuses beta-shaped requests), and the SDP offer posted with the ephemeral one.
    expect(await provider.secretRequestFor(session.ephemeralKey)).toEqual({
      authorization: 'Bearer test-key',
      body: {
        session: {
          type: 'realtime',
          model: 'gpt-realtime',
          audio: { input: { turn_detection: { type: 'server_vad' } }, output: { voice: 'marin' } },
        },
      },
      issuedKey: session.ephemeralKey,
    });
    expect(session.model).toBe('gpt-realtime');
    expect(session.ephemeralKey).toMatch(/^ek_fake_/);
    expect(session.contentType).toBe('application/sdp');
    expect(session.offer).toContain('m=audio');
    expect(session.offer).toContain('webrtc-datachannel');

    // session.update: Spanish instructions with the catalogue and the clients, server VAD, the tool.
    const update = await provider.waitForBrowserEvent(session.id, 'session.update');
    const config = update.session as {
      instructions: string;
      audio: { input: { turn_detection: { type: string } } };
      tools: Array<typeof createReceiptToolDefinition>;
    };
    expect(config.instructions).toContain(`${tortilla.id} · ${tortilla.cuid} · ${tortilla.name} · kg`);
    expect(config.instructions).toContain(`${salsa.id} · ${salsa.cuid} · ${salsa.name} · frasco`);
    expect(config.instructions).toContain(`${client.id} · ${client.firstName} Treviño`);
    expect(config.instructions).toContain('Hablas español');
    expect(config.audio.input.turn_detection.type).toBe('server_vad');
    expect(config.tools).toEqual([createReceiptToolDefinition]);
    // The provider took it: session.updated, and no error event (a beta-shaped update gets one).
    await expect
      .poll(async () =>
        (await provider.events(session.id)).filter((e) => e.from === 'provider').map((e) => e.event.type),
      )
      .toContain('session.updated');
    expect((await provider.events(session.id)).filter((e) => e.event.type === 'error')).toEqual([]);

    // The model dictates a credit sale.
    const callId = await provider.sendFunctionCall(session.id, {
      name: 'create_receipt',
      arguments: JSON.stringify({
        clientId: client.id,
        paymentMode: 'Credit',
        state: 'Pending',
        items: [
          { productId: tortilla.id, quantity: 3, price: 22.5 },
          { productId: salsa.id, quantity: 2, price: 45 },
        ],
      }),
    });
    expect(await provider.toolOutput(session.id, callId)).toMatchObject({ ok: true });
    const events = await provider.events(session.id);
    const outputAt = events.findIndex(
      (e) => e.event.type === 'conversation.item.create' && (e.event.item as { call_id?: string }).call_id === callId,
    );
    expect(events.slice(outputAt + 1).some((e) => e.from === 'browser' && e.event.type === 'response.create')).toBe(
      true,
    );

    const form = page.getByRole('dialog', { name: 'Nueva Remisión' });
    await expect(form).toBeVisible();
    await expect(form.getByRole('combobox', { name: 'Cliente' })).toHaveValue(`${client.firstName} Treviño`);
    const rows = form.getByTestId('receipt-item');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0).getByRole('combobox', { name: 'Producto' })).toHaveValue(
      `${tortilla.name} · ${tortilla.cuid}`,
    );
    await expect(rows.nth(0).getByLabel('Cantidad')).toHaveValue('3');
    await expect(rows.nth(0).getByLabel('Precio')).toHaveValue('$22.5');
    await expect(rows.nth(1).getByRole('combobox', { name: 'Producto' })).toHaveValue(`${salsa.name} · ${salsa.cuid}`);
    await expect(rows.nth(1).getByLabel('Cantidad')).toHaveValue('2');
    await expect(form.getByTestId('receipt-form-total')).toHaveText(formatTotal(3 * 2250 + 2 * 4500));

    // Nothing is sold yet.
    expect(await seed.stockOf(tortilla.id)).toBe(20);
    expect(await seed.stockOf(salsa.id)).toBe(10);

    // The person checks it and submits (without printing).
    const print = form.getByRole('switch', { name: 'Imprimir remisión' });
    await expect(print).toBeChecked();
    await print.uncheck();
    await expect(print).not.toBeChecked();
    const created = page.waitForResponse((r) => r.url().endsWith('/api/receipt/create') && r.status() === 201);
    await form.getByRole('button', { name: 'Crear remisión' }).click();
    const receipt = (await (await created).json()) as Receipt;
    await expect(form).toBeHidden();
    // Back to the assistant, still connected.
    await expect(modal.getByTestId('assistant-status')).toHaveText('Conectado');

    const stored = await seed.get<Receipt>(`/receipt/details/${receipt.id}`);
    expect(stored).toMatchObject({ clientId: client.id, paymentMode: 'Credit', state: 'Pending', total: 157.5 });
    expect(stored.items.map((i) => [i.productId, i.quantity, i.price])).toEqual([
      [tortilla.id, 3, 22.5],
      [salsa.id, 2, 45],
    ]);
    expect(await seed.stockOf(tortilla.id)).toBe(17);
    expect(await seed.stockOf(salsa.id)).toBe(8);

    // Typed text goes to the model as an input_text message, then a response is asked for.
    await modal.getByLabel('O escríbele').fill('Gracias, es todo');
    await modal.getByRole('button', { name: 'Enviar' }).click();
    const typed = await provider.waitForBrowserEvent(
      session.id,
      'conversation.item.create',
      (e) => (e.item as { type?: string }).type === 'message',
    );
    expect(typed.item).toEqual({
      type: 'message',
      role: 'user',
      content: [{ type: 'input_text', text: 'Gracias, es todo' }],
    });
    await expect(modal.getByTestId('assistant-transcript')).toContainText('Tú: Gracias, es todo');

    // What the model says is shown.
    await provider.send(session.id, { type: 'response.output_audio_transcript.done', transcript: '¡Con gusto!' });
    await expect(modal.getByTestId('assistant-transcript')).toContainText('Asistente: ¡Con gusto!');

    // Closing the modal ends the session.
    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();
    await expect(page.getByTestId('assistant-status')).toHaveText('Inactivo');
    await expect
      .poll(async () => (await provider.state()).sessions.find((s) => s.id === session.id)?.channelState)
      .toBe('closed');
  });

  test("bad arguments JSON and an unknown tool are answered with the spec's errors; no form opens", async ({
    page,
  }) => {
    const session = await callAssistant(page);

    const badJson = await provider.sendFunctionCall(session.id, {
      name: 'create_receipt',
      arguments: '{"paymentMode": "Cash", "items": [',
    });
    expect(await provider.toolOutput(session.id, badJson)).toEqual({ ok: false, error: 'Invalid arguments JSON' });

    const unknownTool = await provider.sendFunctionCall(session.id, { name: 'borrar_todo', arguments: '{}' });
    expect(await provider.toolOutput(session.id, unknownTool)).toEqual({
      ok: false,
      error: 'Unknown tool: borrar_todo',
    });

    const wrongShape = await provider.sendFunctionCall(session.id, {
      name: 'create_receipt',
      arguments: JSON.stringify({ paymentMode: 'Cash', items: [{ productId: 1, quantity: 1, price: 1 }] }),
    });
    const refused = (await provider.toolOutput(session.id, wrongShape)) as { ok: boolean; error: string };
    expect(refused.ok).toBe(false);
    expect(refused.error).toMatch(/^Invalid arguments: state/);

    // Each output is followed by response.create, and nothing opened.
    await expect
      .poll(async () => (await provider.events(session.id)).filter((e) => e.event.type === 'response.create').length)
      .toBe(3);
    await expect(page.getByRole('dialog', { name: 'Nueva Remisión' })).toHaveCount(0);
    await expect(page.getByRole('dialog', { name: 'Realtime Assistant' }).getByTestId('assistant-status')).toHaveText(
      'Conectado',
    );
  });

  test('a line the model got wrong is marked for review in the form', async ({ page, seed }) => {
    const product = await seed.product({ name: `Frijol ${unique()}`, stock: 5 });
    const session = await callAssistant(page);
    await provider.sendFunctionCall(session.id, {
      name: 'create_receipt',
      arguments: JSON.stringify({
        paymentMode: 'Cash',
        state: 'Paid',
        items: [
          { productId: product.id, quantity: 1, price: 30 },
          { productId: 99_999_999, quantity: 2, price: 10 },
        ],
      }),
    });
    const form = page.getByRole('dialog', { name: 'Nueva Remisión' });
    const rows = form.getByTestId('receipt-item');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).not.toHaveAttribute('data-flagged', 'true');
    await expect(rows.nth(1)).toHaveAttribute('data-flagged', 'true');
    await expect(form.getByText('Revisa los productos marcados')).toBeVisible();
    await form.getByRole('button', { name: 'Cancelar' }).click();
    // A dictated form holds captured lines: discarding it asks first.
    await page
      .getByRole('dialog', { name: '¿Descartar la remisión?' })
      .getByRole('button', { name: 'Descartar' })
      .click();
    await expect(form).toBeHidden();
    expect(await seed.stockOf(product.id)).toBe(5);
  });

  test('a provider that refuses the SDP offer gives the error state with its answer', async ({ page }) => {
    // The provider will refuse the key this page gets.
    const modal = await callAssistantFailing(page, (key) => provider.refuseCallsWith(key, 403, 'forbidden'));
    const alert = modal.getByRole('alert');
    await expect(alert).toContainText('No se pudo iniciar la sesión en vivo.');
    await expect(alert).toContainText('SDP exchange failed: 403 forbidden');
    await expect(modal.getByTestId('assistant-talk')).toBeDisabled();

    // Trying again (with a new key) connects.
    await page.unroute('**/api/getEphemeralKey');
    const key = nextEphemeralKey(page);
    await alert.getByRole('button', { name: 'Reintentar' }).click();
    await expect(modal.getByTestId('assistant-status')).toHaveText('Conectado');
    await provider.sessionFor(await key);
  });

  test('a model the provider does not have: the Admin reads which model and which variable to change', async ({
    page,
  }) => {
    // The provider issues the key but refuses the call for its model, as it does for a retired one.
    const modal = await callAssistantFailing(page, (key) => provider.modelUnavailableFor(key));
    const alert = modal.getByRole('alert');
    await expect(alert).toContainText('No se pudo iniciar la sesión en vivo.');
    await expect(alert).toContainText(
      'El modelo de voz "gpt-realtime" no existe, fue retirado por el proveedor o tu cuenta no tiene acceso a él. ' +
        'Cambia la variable REALTIME_MODEL por uno disponible y reinicia Mostrador.',
    );
    await expect(alert).not.toContainText('does not exist');
    await expect(modal.getByTestId('assistant-talk')).toBeDisabled();
  });

  test('a model the provider refuses once the session is open ends it with the same message', async ({ page }) => {
    const session = await callAssistant(page);
    await provider.send(session.id, {
      type: 'response.done',
      response: {
        object: 'realtime.response',
        status: 'failed',
        status_details: { type: 'failed', error: modelNotFound(session.model) },
        output: [],
      },
    });
    const modal = page.getByRole('dialog', { name: 'Realtime Assistant' });
    await expect(modal.getByTestId('assistant-status')).toHaveText('Error');
    await expect(modal.getByRole('alert')).toContainText(
      'El modelo de voz "gpt-realtime" no existe, fue retirado por el proveedor o tu cuenta no tiene acceso a él.',
    );
    await expect(modal.getByTestId('assistant-talk')).toBeDisabled();
    await expect
      .poll(async () => (await provider.state()).sessions.find((s) => s.id === session.id)?.channelState)
      .toBe('closed');
  });

  test('push to talk: the microphone track is on only while the button or Space is held', async ({ page }) => {
    const tracks = await watchTracks(page);
    await callAssistant(page);
    const modal = page.getByRole('dialog', { name: 'Realtime Assistant' });
    const talk = modal.getByTestId('assistant-talk');
    const enabled = async () => (await tracks()).map((t) => t.enabled);

    expect(await tracks()).toEqual([{ kind: 'audio', enabled: false, readyState: 'live' }]);
    // A STUN server is configured (unreachable here: the host candidates on loopback connect).
    const configs = await page.evaluate(() => (window as unknown as { __configs: RTCConfiguration[] }).__configs);
    expect(configs).toEqual([{ iceServers: [{ urls: 'stun:stun.l.google.com:19302' }] }]);

    // Space held, then released.
    await page.keyboard.down('Space');
    await expect.poll(enabled).toEqual([true]);
    await expect(modal.getByTestId('assistant-mic')).toHaveText('Micrófono abierto');
    await expect(talk).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.up('Space');
    await expect.poll(enabled).toEqual([false]);
    await expect(modal.getByTestId('assistant-mic')).toHaveText('Micrófono cerrado');

    // The button held with the mouse, released anywhere.
    await talk.hover();
    await page.mouse.down();
    await expect.poll(enabled).toEqual([true]);
    await page.mouse.move(5, 5);
    await page.mouse.up();
    await expect.poll(enabled).toEqual([false]);

    // Released when the window loses focus, the tab is hidden or a touch ends.
    const releasedBy = async (release: () => Promise<unknown>) => {
      await page.keyboard.down('Space');
      await expect.poll(enabled).toEqual([true]);
      await release();
      await expect.poll(enabled).toEqual([false]);
      await page.keyboard.up('Space');
    };
    await releasedBy(() => page.evaluate(() => window.dispatchEvent(new Event('blur'))));
    await releasedBy(() =>
      page.evaluate(() => {
        Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
        document.dispatchEvent(new Event('visibilitychange'));
        Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
      }),
    );
    await releasedBy(() => page.evaluate(() => window.dispatchEvent(new Event('touchend'))));

    // Space typed into the text box is text, not talk.
    await modal.getByLabel('O escríbele').click();
    await page.keyboard.down('Space');
    expect(await enabled()).toEqual([false]);
    await page.keyboard.up('Space');
    await expect(modal.getByLabel('O escríbele')).toHaveValue(' ');

    // Closing the modal stops the microphone.
    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();
    await expect.poll(async () => (await tracks()).map((t) => t.readyState)).toEqual(['ended']);
  });

  test("'Refrescar datos' sends the new catalogue to a live session; 'Crear Remisión' opens an empty form", async ({
    page,
    seed,
  }) => {
    const session = await callAssistant(page);
    await provider.waitForBrowserEvent(session.id, 'session.update');
    const added = await seed.product({ name: `Chile piquín ${unique()}`, stock: 7 });

    const modal = page.getByRole('dialog', { name: 'Realtime Assistant' });
    await modal.getByRole('button', { name: 'Refrescar datos' }).click();
    await expect(page.getByText('Los productos y clientes del asistente están actualizados.')).toBeVisible();
    const update = await provider.waitForBrowserEvent(session.id, 'session.update', (e) =>
      (e.session as { instructions: string }).instructions.includes(added.name),
    );
    expect((update.session as { tools: unknown[] }).tools).toEqual([createReceiptToolDefinition]);

    // The page's own buttons once the session is closed.
    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();
    await expect(page.getByRole('button', { name: 'Refrescar datos' })).toBeEnabled();
    await page.getByRole('button', { name: 'Crear Remisión' }).click();
    const form = page.getByRole('dialog', { name: 'Nueva Remisión' });
    await expect(form.getByRole('combobox', { name: 'Cliente' })).toHaveValue('Sin especificar');
    await expect(form.getByTestId('receipt-item')).toHaveCount(1);
    await expect(form.getByTestId('receipt-item').getByRole('combobox', { name: 'Producto' })).toHaveValue('');
    // The empty form opens its product list; Escape closes the list, then the form.
    await expect(async () => {
      await page.keyboard.press('Escape');
      await expect(form).toBeHidden({ timeout: 500 });
    }).toPass();
  });

  test('the receipt form opened over the session takes Escape and Space for itself', async ({ page, seed }) => {
    const tracks = await watchTracks(page);
    const product = await seed.product({ name: `Arroz ${unique()}`, stock: 9 });
    const session = await callAssistant(page);
    await provider.sendFunctionCall(session.id, {
      name: 'create_receipt',
      arguments: JSON.stringify({
        paymentMode: 'Cash',
        state: 'Paid',
        items: [{ productId: product.id, quantity: 1, price: 18 }],
      }),
    });
    const form = page.getByRole('dialog', { name: 'Nueva Remisión' });
    await expect(form).toBeVisible();
    // Space on a button of the form (not a field) still does not talk.
    await form.getByRole('button', { name: 'Agregar producto' }).focus();
    await page.keyboard.down('Space');
    expect((await tracks()).map((t) => t.enabled)).toEqual([false]);
    await page.keyboard.up('Space');
    await expect(form.getByTestId('receipt-item')).toHaveCount(2);

    await form.getByTestId('receipt-item').first().getByLabel('Cantidad').click();
    await page.keyboard.press('Escape');
    await page
      .getByRole('dialog', { name: '¿Descartar la remisión?' })
      .getByRole('button', { name: 'Descartar' })
      .click();
    await expect(form).toBeHidden();
    const modal = page.getByRole('dialog', { name: 'Realtime Assistant' });
    await expect(modal.getByTestId('assistant-status')).toHaveText('Conectado');
    await page.keyboard.down('Space');
    await expect.poll(async () => (await tracks()).map((t) => t.enabled)).toEqual([true]);
    await page.keyboard.up('Space');
    expect(await seed.stockOf(product.id)).toBe(9);
  });
});

// The fake must refuse what the provider no longer takes, or a regression to the beta interface
// would pass every test above. These talk to the fake directly, as our server and browser would.
test.describe('the fake provider refuses the retired beta interface and preview models', () => {
  const realtime = `${provider.url}/v1/realtime`;
  const generallyAvailable = { session: { type: 'realtime', model: 'gpt-realtime' } };

  async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
    const response = await fetch(`${realtime}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${FAKE_PROVIDER_API_KEY}`, 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  test('client secrets: only the session under `session`, of type realtime, without the beta header', async () => {
    const issued = await post('/client_secrets', generallyAvailable);
    expect(issued.status).toBe(200);
    expect(issued.body).toMatchObject({
      value: expect.stringMatching(/^ek_fake_/),
      session: generallyAvailable.session,
    });

    const beta = { 'OpenAI-Beta': 'realtime=v1' };
    const session = generallyAvailable.session;
    const refused = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
      const answer = await post(path, body, headers);
      return { status: answer.status, error: answer.body.error };
    };
    const betaRetired = { code: 'beta_interface_retired' };
    expect(await refused('/client_secrets', generallyAvailable, beta)).toMatchObject({
      status: 400,
      error: betaRetired,
    });
    expect(await refused('/sessions', { model: 'gpt-realtime', voice: 'alloy' }, beta)).toMatchObject({
      status: 404,
      error: betaRetired,
    });
    // The beta's body: the model and voice at the top.
    expect(await refused('/client_secrets', { model: 'gpt-realtime', voice: 'alloy' })).toMatchObject({
      status: 400,
      error: { param: 'model' },
    });
    expect(await refused('/client_secrets', { session: { model: 'gpt-realtime' } })).toMatchObject({
      status: 400,
      error: { param: 'session.type' },
    });
    expect(await refused('/client_secrets', { session: { type: 'realtime' } })).toMatchObject({
      status: 400,
      error: { param: 'session.model' },
    });
    // The beta's audio settings at the top of the session, or the voice outside `audio.output`.
    const betaFields = { voice: 'alloy', modalities: ['audio'], input_audio_format: 'pcm16', turn_detection: {} };
    for (const [field, value] of Object.entries(betaFields)) {
      expect(await refused('/client_secrets', { session: { ...session, [field]: value } })).toMatchObject({
        status: 400,
        error: { code: 'unknown_parameter', param: `session.${field}` },
      });
    }
    expect(await refused('/client_secrets', { session: { ...session, audio: { voice: 'marin' } } })).toMatchObject({
      status: 400,
      error: { param: 'session.audio.voice' },
    });
    expect(
      await refused('/client_secrets', { session: { type: 'realtime', model: 'gpt-4o-realtime-preview' } }),
    ).toMatchObject({
      status: 404,
      error: { code: 'model_not_found' },
    });
  });

  test('SDP offers: only to /realtime/calls, without the beta header', async () => {
    const { value } = (await post('/client_secrets', generallyAvailable)).body as { value: string };
    const offer = (path: string, headers: Record<string, string> = {}) =>
      fetch(`${realtime}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${value}`, 'content-type': 'application/sdp', ...headers },
        body: 'v=0\r\n',
      }).then((response) => response.status);
    expect(await offer('?model=gpt-realtime')).toBe(404);
    expect(await offer('/calls', { 'OpenAI-Beta': 'realtime=v1' })).toBe(400);
  });

  test('session.update: only the generally available session, without the model', () => {
    const update = {
      type: 'realtime',
      instructions: 'Hola',
      audio: { input: { turn_detection: { type: 'server_vad' } } },
      tools: [createReceiptToolDefinition],
      tool_choice: 'auto',
    };
    expect(sessionProblem(update, 'session.update')).toBeNull();
    const { type: _type, ...withoutType } = update;
    expect(sessionProblem(withoutType, 'session.update')).toMatchObject({ param: 'session.type' });
    expect(sessionProblem({ ...update, model: 'gpt-realtime' }, 'session.update')).toMatchObject({
      param: 'session.model',
    });
    expect(
      sessionProblem(
        { instructions: 'Hola', voice: 'alloy', input_audio_format: 'pcm16', turn_detection: { type: 'server_vad' } },
        'session.update',
      ),
    ).toMatchObject({ code: 'invalid_value' });
    for (const field of ['voice', 'input_audio_format', 'output_audio_format', 'turn_detection', 'modalities']) {
      expect(sessionProblem({ ...update, [field]: 'x' }, 'session.update')).toMatchObject({
        code: 'unknown_parameter',
        param: `session.${field}`,
      });
    }
  });
});
