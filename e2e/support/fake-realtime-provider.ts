// A stand-in for the realtime voice provider, on loopback, so the assistant's whole
// flow runs without internet. It speaks only the provider's generally available interface:
//   POST /v1/realtime/client_secrets  (server key)    → { value, expires_at, session }
//   POST /v1/realtime/calls           (ephemeral key) → SDP answer from a real WebRTC peer (werift)
// and drives the 'oai-events' data channel the way the provider does. Like the provider, it
// refuses the retired beta interface (the OpenAI-Beta header, /realtime/sessions, offers posted to
// /realtime?model=, beta session fields such as a top-level voice or turn_detection) and preview
// models, so a regression to any of them fails a test. global-setup starts one for the whole run;
// specs (other processes) script it through the small /control API below, with
// `realtimeProvider()`, each finding its own session by the ephemeral key its page got.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RTCDataChannel, RTCPeerConnection } from 'werift';

export const FAKE_PROVIDER_API_KEY = 'test-key';
/** How global-setup hands the control address to the specs' worker processes. */
export const PROVIDER_URL_ENV = 'E2E_REALTIME_PROVIDER_URL';

/** One event on the data channel, as the fake recorded it. */
export interface RecordedEvent {
  from: 'browser' | 'provider';
  at: number;
  event: { type: string; [key: string]: unknown };
}

export interface SecretRequest {
  authorization: string | undefined;
  body: unknown;
  /** The client secret it was answered with, if any. */
  issuedKey: string | null;
}

export interface SessionState {
  id: number;
  ephemeralKey: string;
  /** The model the ephemeral key was issued for. */
  model: string;
  /** The browser's SDP offer, as posted. */
  offer: string;
  contentType: string | undefined;
  connectionState: string;
  channelState: string;
  events: RecordedEvent[];
}

export interface Refusal {
  /** Method and path, e.g. 'POST /v1/realtime/calls'. */
  request: string;
  status: number;
  reason: string;
}

export interface ProviderState {
  secretRequests: SecretRequest[];
  /** Every HTTP request the fake refused, with the reason (a refused data-channel event gets an error event). */
  refusals: Refusal[];
  sessions: SessionState[];
}

interface LiveSession extends SessionState {
  pc: RTCPeerConnection;
  channel: RTCDataChannel | null;
}

export interface FakeRealtimeProvider {
  /** http://127.0.0.1:port: the control API lives here. */
  url: string;
  /** What the server's REALTIME_API_BASE must be. */
  apiBase: string;
  apiKey: string;
  stop(): Promise<void>;
}

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'POST, GET, OPTIONS',
  'access-control-allow-headers': 'authorization, content-type, openai-beta',
  'access-control-max-age': '600',
};

/** The provider's error object, as it answers it over HTTP (`{ error }`) and on the data channel. */
export interface ProviderError {
  message: string;
  type: 'invalid_request_error';
  code: string;
  param: string | null;
}

const providerError = (message: string, code: string, param: string | null = null): ProviderError => ({
  message,
  type: 'invalid_request_error',
  code,
  param,
});

/** How the provider answers for a model it does not have: retired, never existed or not for this key. */
export const modelNotFound = (model: string) =>
  providerError(`The model \`${model}\` does not exist or you do not have access to it.`, 'model_not_found');

// The generally available session configuration (the same for a client secret and a session.update).
const SESSION_FIELDS = [
  'type',
  'model',
  'instructions',
  'audio',
  'include',
  'max_output_tokens',
  'output_modalities',
  'prompt',
  'tool_choice',
  'tools',
  'tracing',
  'truncation',
];
const AUDIO_FIELDS: Record<string, string[]> = {
  input: ['format', 'noise_reduction', 'transcription', 'turn_detection'],
  output: ['format', 'voice', 'speed'],
};

/** The first field of `value` not in `allowed`, as a dotted path. */
function unknownField(value: object, allowed: readonly string[], path: string): string | null {
  const field = Object.keys(value).find((key) => !allowed.includes(key));
  return field === undefined ? null : `${path}.${field}`;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * What the provider says against a session configuration, or null when it takes it. In a
 * session.update the model cannot change, so it is not accepted there; a client secret needs it.
 */
export function sessionProblem(session: unknown, where: 'client_secret' | 'session.update'): ProviderError | null {
  if (!isObject(session)) {
    return providerError("Missing required parameter: 'session'.", 'missing_required_parameter', 'session');
  }
  if (session.type !== 'realtime') {
    return providerError(
      "Missing or invalid 'session.type': the session must say type 'realtime'.",
      'invalid_value',
      'session.type',
    );
  }
  const allowed = where === 'client_secret' ? SESSION_FIELDS : SESSION_FIELDS.filter((field) => field !== 'model');
  const unknown = unknownField(session, allowed, 'session');
  if (unknown) return providerError(`Unknown parameter: '${unknown}'.`, 'unknown_parameter', unknown);
  if (where === 'client_secret' && (typeof session.model !== 'string' || !session.model)) {
    return providerError("Missing required parameter: 'session.model'.", 'missing_required_parameter', 'session.model');
  }
  if (session.audio === undefined) return null;
  if (!isObject(session.audio)) return providerError("Invalid 'session.audio'.", 'invalid_type', 'session.audio');
  const audioUnknown = unknownField(session.audio, Object.keys(AUDIO_FIELDS), 'session.audio');
  if (audioUnknown) return providerError(`Unknown parameter: '${audioUnknown}'.`, 'unknown_parameter', audioUnknown);
  for (const [direction, fields] of Object.entries(AUDIO_FIELDS)) {
    const settings = session.audio[direction];
    if (settings === undefined) continue;
    const path = `session.audio.${direction}`;
    if (!isObject(settings)) return providerError(`Invalid '${path}'.`, 'invalid_type', path);
    const field = unknownField(settings, fields, path);
    if (field) return providerError(`Unknown parameter: '${field}'.`, 'unknown_parameter', field);
  }
  return null;
}

/** Preview models: the provider retires them, so the fake no longer has any. */
const isRetired = (model: string) => /preview/i.test(model);

const BETA_RETIRED = 'The Realtime beta interface was retired; use the generally available interface.';

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (data += chunk));
    request.on('end', () => resolve(data));
    request.on('error', reject);
  });
}

function send(response: ServerResponse, status: number, body: unknown, contentType = 'application/json') {
  response.writeHead(status, { ...CORS, 'content-type': contentType });
  response.end(typeof body === 'string' ? body : JSON.stringify(body));
}

export async function startFakeRealtimeProvider(apiKey = FAKE_PROVIDER_API_KEY): Promise<FakeRealtimeProvider> {
  // Loaded here so specs that only use the control client never load the WebRTC stack.
  const { RTCPeerConnection } = await import('werift');
  const secretRequests: SecretRequest[] = [];
  const refusals: Refusal[] = [];
  const sessions: LiveSession[] = [];
  /** Every ephemeral key issued, with the model it is for. */
  const issuedKeys = new Map<string, string>();
  // Calls made with these ephemeral keys are refused with this answer (tests script it).
  const scriptedRefusals = new Map<string, { status: number; body: string; contentType: string }>();

  /** Refuses a request, recording why. */
  const refuse = (request: IncomingMessage, response: ServerResponse, status: number, error: ProviderError) => {
    const path = new URL(request.url ?? '/', 'http://fake').pathname;
    refusals.push({ request: `${request.method} ${path}`, status, reason: error.message });
    send(response, status, { error });
  };

  const record = (session: LiveSession, from: RecordedEvent['from'], event: RecordedEvent['event']) =>
    session.events.push({ from, at: Date.now(), event });

  const sendEvent = (session: LiveSession, event: RecordedEvent['event']) => {
    if (!session.channel || session.channel.readyState !== 'open') return false;
    const withId = { event_id: `event_fake_${Date.now()}_${session.events.length}`, ...event };
    session.channel.send(JSON.stringify(withId));
    record(session, 'provider', withId);
    return true;
  };

  /** What the provider itself answers to the browser's events: an error event for a beta-shaped session.update. */
  const reactTo = (session: LiveSession, event: RecordedEvent['event']) => {
    if (event.type !== 'session.update') return;
    const problem = sessionProblem(event.session, 'session.update');
    if (problem) {
      sendEvent(session, { type: 'error', error: { ...problem, event_id: event.event_id ?? null } });
    } else {
      sendEvent(session, { type: 'session.updated', session: { ...(event.session as object), model: session.model } });
    }
  };

  async function createClientSecret(request: IncomingMessage, response: ServerResponse) {
    const raw = await readBody(request);
    let body: unknown = null;
    try {
      body = JSON.parse(raw);
    } catch {
      // recorded as null
    }
    const entry: SecretRequest = { authorization: request.headers.authorization, body, issuedKey: null };
    secretRequests.push(entry);
    if (request.headers.authorization !== `Bearer ${apiKey}`) {
      return refuse(request, response, 401, providerError('Incorrect API key provided.', 'invalid_api_key'));
    }
    if (request.headers['openai-beta']) {
      return refuse(request, response, 400, providerError(BETA_RETIRED, 'beta_interface_retired', 'OpenAI-Beta'));
    }
    if (!isObject(body)) return refuse(request, response, 400, providerError('Expected a JSON body.', 'invalid_json'));
    const unknown = unknownField(body, ['session', 'expires_after'], 'body');
    if (unknown) {
      // e.g. the beta's top-level model and voice.
      const param = unknown.slice('body.'.length);
      return refuse(
        request,
        response,
        400,
        providerError(`Unknown parameter: '${param}'.`, 'unknown_parameter', param),
      );
    }
    const problem = sessionProblem(body.session, 'client_secret');
    if (problem) return refuse(request, response, 400, problem);
    const session = body.session as { model: string };
    if (isRetired(session.model)) return refuse(request, response, 404, modelNotFound(session.model));

    const value = `ek_fake_${secretRequests.length}_${Math.random().toString(36).slice(2, 10)}`;
    entry.issuedKey = value;
    issuedKeys.set(value, session.model);
    const effective = { ...session, id: `sess_fake_${secretRequests.length}`, object: 'realtime.session' };
    send(response, 200, { value, expires_at: Math.floor(Date.now() / 1000) + 60, session: effective });
  }

  async function createCall(request: IncomingMessage, response: ServerResponse) {
    const offer = await readBody(request);
    const authorization = request.headers.authorization ?? '';
    const ephemeralKey = authorization.replace(/^Bearer /, '');
    const contentType = request.headers['content-type'];
    const scripted = scriptedRefusals.get(ephemeralKey);
    if (scripted) {
      refusals.push({ request: 'POST /v1/realtime/calls', status: scripted.status, reason: 'scripted by the test' });
      return send(response, scripted.status, scripted.body, scripted.contentType);
    }
    const model = issuedKeys.get(ephemeralKey);
    if (model === undefined) {
      return refuse(request, response, 401, providerError('Invalid ephemeral key.', 'invalid_api_key'));
    }
    if (request.headers['openai-beta']) {
      return refuse(request, response, 400, providerError(BETA_RETIRED, 'beta_interface_retired', 'OpenAI-Beta'));
    }
    if (contentType?.split(';')[0] !== 'application/sdp' || !offer.startsWith('v=0')) {
      return refuse(request, response, 400, providerError(`Expected an SDP offer, not ${contentType}.`, 'invalid_sdp'));
    }

    const pc = new RTCPeerConnection({ iceUseIpv6: false, iceAdditionalHostAddresses: ['127.0.0.1'] });
    const session: LiveSession = {
      id: sessions.length + 1,
      ephemeralKey,
      model,
      offer,
      contentType,
      connectionState: 'new',
      channelState: 'none',
      events: [],
      pc,
      channel: null,
    };
    sessions.push(session);
    pc.connectionStateChange.subscribe((state) => (session.connectionState = state));
    pc.onDataChannel.subscribe((channel) => {
      if (channel.label !== 'oai-events') return;
      session.channel = channel;
      session.channelState = channel.readyState;
      channel.stateChanged.subscribe((state) => (session.channelState = state));
      channel.onMessage.subscribe((data) => {
        let event: RecordedEvent['event'];
        try {
          event = JSON.parse(data.toString()) as RecordedEvent['event'];
        } catch {
          event = { type: '(not json)', raw: data.toString() };
        }
        record(session, 'browser', event);
        reactTo(session, event);
      });
    });

    await pc.setRemoteDescription({ type: 'offer', sdp: offer });
    await pc.setLocalDescription(await pc.createAnswer());
    if (pc.iceGatheringState !== 'complete') {
      await pc.iceGatheringStateChange.watch((state) => state === 'complete', 5000);
    }
    send(response, 201, pc.localDescription!.sdp, 'application/sdp');
  }

  function publicState(): ProviderState {
    return {
      secretRequests,
      refusals,
      sessions: sessions.map(({ pc: _pc, channel: _channel, ...rest }) => rest),
    };
  }

  async function control(request: IncomingMessage, response: ServerResponse, path: string) {
    if (request.method === 'GET' && path === '/control/state') return send(response, 200, publicState());
    if (request.method === 'POST' && path === '/control/refuse-calls') {
      const { key, status, body } = JSON.parse(await readBody(request)) as {
        key: string;
        status: number;
        body: string;
      };
      scriptedRefusals.set(key, { status, body, contentType: 'text/plain; charset=utf-8' });
      return send(response, 200, { ok: true });
    }
    if (request.method === 'POST' && path === '/control/model-unavailable') {
      const { key } = JSON.parse(await readBody(request)) as { key: string };
      const model = issuedKeys.get(key);
      if (model === undefined) return send(response, 404, { error: 'no such ephemeral key' });
      const body = JSON.stringify({ error: modelNotFound(model) });
      scriptedRefusals.set(key, { status: 403, body, contentType: 'application/json' });
      return send(response, 200, { ok: true });
    }
    const sendMatch = /^\/control\/sessions\/(\d+)\/send$/.exec(path);
    if (request.method === 'POST' && sendMatch) {
      const session = sessions.find((s) => s.id === Number(sendMatch[1]));
      const { event } = JSON.parse(await readBody(request)) as { event: RecordedEvent['event'] };
      if (!session || !sendEvent(session, event)) return send(response, 409, { error: 'data channel not open' });
      return send(response, 200, { ok: true });
    }
    send(response, 404, { error: `no control route ${request.method} ${path}` });
  }

  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://fake').pathname;
    const handle = async () => {
      if (request.method === 'OPTIONS') {
        response.writeHead(204, CORS);
        return response.end();
      }
      if (path.startsWith('/control/')) return control(request, response, path);
      if (request.method === 'POST' && path === '/v1/realtime/client_secrets') {
        return createClientSecret(request, response);
      }
      if (request.method === 'POST' && path === '/v1/realtime/calls') return createCall(request, response);
      // The beta's endpoints: sessions for the key, SDP offers to /realtime?model=.
      if (path === '/v1/realtime/sessions' || path === '/v1/realtime') {
        return refuse(request, response, 404, providerError(BETA_RETIRED, 'beta_interface_retired'));
      }
      refuse(request, response, 404, providerError(`Unknown route ${request.method} ${path}`, 'not_found'));
    };
    handle().catch((error: unknown) => {
      if (!response.headersSent) send(response, 500, { error: providerError(String(error), 'fake_provider_error') });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    apiBase: `${url}/v1`,
    apiKey,
    async stop() {
      await Promise.all(sessions.map((s) => s.pc.close().catch(() => undefined)));
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The specs' side: scripts the fake that global-setup started (another process). */
export class RealtimeProviderControl {
  constructor(readonly url: string) {}

  async state(): Promise<ProviderState> {
    const response = await fetch(`${this.url}/control/state`);
    return (await response.json()) as ProviderState;
  }

  /**
   * The session the browser opened with this ephemeral key (tests read the key from the page's
   * /api/getEphemeralKey answer, so tests running side by side never take each other's), once
   * its data channel is open.
   */
  async sessionFor(ephemeralKey: string, timeoutMs = 10_000): Promise<SessionState> {
    return this.poll(async () => {
      const session = (await this.state()).sessions.find((s) => s.ephemeralKey === ephemeralKey);
      return session && session.channelState === 'open' ? session : undefined;
    }, timeoutMs);
  }

  /** How the server asked for this key: its Authorization header and body. */
  async secretRequestFor(ephemeralKey: string): Promise<SecretRequest | undefined> {
    return (await this.state()).secretRequests.find((r) => r.issuedKey === ephemeralKey);
  }

  async events(sessionId: number): Promise<RecordedEvent[]> {
    return (await this.state()).sessions.find((s) => s.id === sessionId)?.events ?? [];
  }

  /** Waits for an event from the browser that matches (by type, and optionally more). */
  async waitForBrowserEvent(
    sessionId: number,
    type: string,
    matches: (event: RecordedEvent['event']) => boolean = () => true,
    timeoutMs = 10_000,
  ): Promise<RecordedEvent['event']> {
    return this.poll(async () => {
      const events = await this.events(sessionId);
      return events.find((e) => e.from === 'browser' && e.event.type === type && matches(e.event))?.event;
    }, timeoutMs);
  }

  async send(sessionId: number, event: RecordedEvent['event']): Promise<void> {
    const response = await fetch(`${this.url}/control/sessions/${sessionId}/send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ event }),
    });
    if (!response.ok) throw new Error(`The fake provider could not send: ${await response.text()}`);
  }

  /** Sends what the provider sends when the model has finished a tool call; returns its call_id. */
  async sendFunctionCall(sessionId: number, call: { name: string; arguments: string }): Promise<string> {
    const callId = `call_fake_${Math.random().toString(36).slice(2, 10)}`;
    await this.send(sessionId, {
      type: 'response.function_call_arguments.done',
      response_id: `resp_${callId}`,
      item_id: `item_${callId}`,
      output_index: 0,
      call_id: callId,
      name: call.name,
      arguments: call.arguments,
    });
    return callId;
  }

  /** The tool output the browser sent back for a call, parsed. */
  async toolOutput(sessionId: number, callId: string): Promise<unknown> {
    const event = await this.waitForBrowserEvent(sessionId, 'conversation.item.create', (e) => {
      const item = e.item as { type?: string; call_id?: string } | undefined;
      return item?.type === 'function_call_output' && item.call_id === callId;
    });
    const output = (event.item as { output: string }).output;
    return JSON.parse(output) as unknown;
  }

  /** Calls to /realtime/calls with this ephemeral key get this status and body instead of an SDP answer. */
  async refuseCallsWith(ephemeralKey: string, status: number, body: string): Promise<void> {
    await this.control('/control/refuse-calls', { key: ephemeralKey, status, body });
  }

  /**
   * Calls with this ephemeral key are refused as the provider refuses a model it does not have
   * (any more, or for this key): 403 with `model_not_found`, though the key itself was issued.
   */
  async modelUnavailableFor(ephemeralKey: string): Promise<void> {
    await this.control('/control/model-unavailable', { key: ephemeralKey });
  }

  private async control(path: string, body: unknown): Promise<void> {
    const response = await fetch(`${this.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`The fake provider refused ${path}: ${await response.text()}`);
  }

  private async poll<T>(read: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await read();
      if (value !== undefined) return value;
      if (Date.now() > deadline) throw new Error(`The fake provider did not see it within ${timeoutMs} ms.`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

export function realtimeProvider(): RealtimeProviderControl {
  const url = process.env[PROVIDER_URL_ENV];
  if (!url) throw new Error(`${PROVIDER_URL_ENV} is not set: run through playwright (global-setup starts the fake).`);
  return new RealtimeProviderControl(url);
}
