// A stand-in for the realtime voice provider (OpenAI's Realtime API by default), on loopback, so
// the assistant's whole flow runs without internet. It speaks the provider's GA interface:
//   POST /v1/realtime/client_secrets  (server key)    → { value, expires_at, session }
//   POST /v1/realtime/calls           (ephemeral key) → SDP answer from a real WebRTC peer (werift)
// and drives the 'oai-events' data channel the way the provider does. global-setup starts one
// for the whole run; specs (other processes) script it through the small /control API below,
// with `realtimeProvider()`, each finding its own session by the ephemeral key its page got.
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
  /** The browser's SDP offer, as posted. */
  offer: string;
  contentType: string | undefined;
  connectionState: string;
  channelState: string;
  events: RecordedEvent[];
}

export interface ProviderState {
  secretRequests: SecretRequest[];
  /** Every refused or rejected call to /realtime/calls, with the reason. */
  refusedCalls: Array<{ status: number; reason: string; key: string }>;
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
  'access-control-allow-headers': 'authorization, content-type',
  'access-control-max-age': '600',
};

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

const providerError = (message: string, code: string) => ({
  error: { message, type: 'invalid_request_error', code, param: null },
});

export async function startFakeRealtimeProvider(apiKey = FAKE_PROVIDER_API_KEY): Promise<FakeRealtimeProvider> {
  // Loaded here so specs that only use the control client never load the WebRTC stack.
  const { RTCPeerConnection } = await import('werift');
  const secretRequests: SecretRequest[] = [];
  const refusedCalls: ProviderState['refusedCalls'] = [];
  const sessions: LiveSession[] = [];
  const issuedKeys = new Set<string>();
  // Calls made with these ephemeral keys are refused with this answer (tests script it).
  const refusals = new Map<string, { status: number; body: string }>();

  const record = (session: LiveSession, from: RecordedEvent['from'], event: RecordedEvent['event']) =>
    session.events.push({ from, at: Date.now(), event });

  const sendEvent = (session: LiveSession, event: RecordedEvent['event']) => {
    if (!session.channel || session.channel.readyState !== 'open') return false;
    const withId = { event_id: `event_fake_${Date.now()}_${session.events.length}`, ...event };
    session.channel.send(JSON.stringify(withId));
    record(session, 'provider', withId);
    return true;
  };

  /** What the provider itself answers to the browser's events. */
  const reactTo = (session: LiveSession, event: RecordedEvent['event']) => {
    if (event.type === 'session.update') {
      sendEvent(session, { type: 'session.updated', session: event.session });
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
      return send(response, 401, providerError('Incorrect API key provided.', 'invalid_api_key'));
    }
    const value = `ek_fake_${secretRequests.length}_${Math.random().toString(36).slice(2, 10)}`;
    entry.issuedKey = value;
    issuedKeys.add(value);
    const session = (body as { session?: unknown } | null)?.session ?? null;
    send(response, 200, { value, expires_at: Math.floor(Date.now() / 1000) + 60, session });
  }

  async function createCall(request: IncomingMessage, response: ServerResponse) {
    const offer = await readBody(request);
    const authorization = request.headers.authorization ?? '';
    const ephemeralKey = authorization.replace(/^Bearer /, '');
    const contentType = request.headers['content-type'];
    const refusal = refusals.get(ephemeralKey);
    if (refusal) {
      refusedCalls.push({ status: refusal.status, reason: 'refused by the test', key: ephemeralKey });
      return send(response, refusal.status, refusal.body, 'text/plain; charset=utf-8');
    }
    if (!issuedKeys.has(ephemeralKey)) {
      refusedCalls.push({ status: 401, reason: 'unknown key', key: ephemeralKey });
      return send(response, 401, providerError('Invalid ephemeral key.', 'invalid_api_key'));
    }
    if (contentType?.split(';')[0] !== 'application/sdp' || !offer.startsWith('v=0')) {
      refusedCalls.push({ status: 400, reason: `content type ${contentType}`, key: ephemeralKey });
      return send(response, 400, providerError('Expected an SDP offer.', 'invalid_sdp'));
    }

    const pc = new RTCPeerConnection({ iceUseIpv6: false, iceAdditionalHostAddresses: ['127.0.0.1'] });
    const session: LiveSession = {
      id: sessions.length + 1,
      ephemeralKey,
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
      refusedCalls,
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
      refusals.set(key, { status, body });
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
      send(response, 404, providerError(`Unknown route ${request.method} ${path}`, 'not_found'));
    };
    handle().catch((error: unknown) => {
      if (!response.headersSent) send(response, 500, providerError(String(error), 'fake_provider_error'));
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
    await fetch(`${this.url}/control/refuse-calls`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ key: ephemeralKey, status, body }),
    });
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
