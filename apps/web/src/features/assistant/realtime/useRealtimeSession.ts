import { modelUnavailableMessage } from '@mostrador/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { es } from '../../../i18n/es';
import { getErrorMessage } from '../../../lib/errors';
import { fetchEphemeralKey } from '../api/ephemeral-key';
import {
  type ClientEvent,
  DATA_CHANNEL_LABEL,
  ICE_SERVERS,
  inputTextEvents,
  readServerMessage,
  sdpRefusalMessage,
  sessionUpdateEvent,
  toolOutputEvents,
} from './protocol';
import type { ToolResult } from './tool';

// One live voice session: ephemeral key → microphone track (off) → data channel →
// SDP offer posted to the provider → answer applied. The session lives while `active` is true
// (the modal is open) and is closed with everything it holds when it turns false.

export type SessionStatus = 'idle' | 'connecting' | 'connected' | 'error';

export interface SessionError {
  /** 'No se pudo iniciar la sesión en vivo.', 'Conexión fallida' or 'Conexión cerrada'. */
  title: string;
  detail?: string;
}

export interface TranscriptLine {
  id: number;
  who: 'you' | 'assistant' | 'provider';
  text: string;
}

export interface RealtimeSessionOptions {
  active: boolean;
  /** The instructions to send; a change while connected is sent as a new session.update. */
  instructions: string;
  /** Runs one tool call of the model and says what to answer. */
  onToolCall: (name: string, args: string) => ToolResult;
}

const MAX_LINES = 30;

function microphoneProblem(failure: unknown): string {
  const name = failure instanceof DOMException ? failure.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return es.assistant.errors.microphoneDenied;
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return es.assistant.errors.microphoneMissing;
  return getErrorMessage(failure);
}

export function useRealtimeSession({ active, instructions, onToolCall }: RealtimeSessionOptions) {
  // The status of the session being opened or open; shown as 'idle' while the modal is closed.
  const [status, setStatus] = useState<Exclude<SessionStatus, 'idle'>>('connecting');
  const [error, setError] = useState<SessionError | null>(null);
  const [talking, setTalking] = useState(false);
  const [lines, setLines] = useState<TranscriptLine[]>([]);
  const [attempt, setAttempt] = useState(0);

  const channelRef = useRef<RTCDataChannel | null>(null);
  const trackRef = useRef<MediaStreamTrack | null>(null);
  const audioRef = useRef<HTMLAudioElement | null>(null);
  /** Callback ref for the <audio> element that plays the assistant's voice. */
  const attachAudio = useCallback((element: HTMLAudioElement | null) => {
    audioRef.current = element;
  }, []);
  const statusRef = useRef<SessionStatus>('idle');
  const instructionsRef = useRef(instructions);
  const onToolCallRef = useRef(onToolCall);
  const lineId = useRef(0);

  useEffect(() => {
    instructionsRef.current = instructions;
    onToolCallRef.current = onToolCall;
  });

  const changeStatus = useCallback((next: Exclude<SessionStatus, 'idle'>) => {
    statusRef.current = next;
    setStatus(next);
  }, []);

  const addLine = useCallback((who: TranscriptLine['who'], text: string) => {
    lineId.current += 1;
    const line = { id: lineId.current, who, text };
    setLines((current) => [...current, line].slice(-MAX_LINES));
  }, []);

  const send = useCallback((events: ClientEvent[]) => {
    const channel = channelRef.current;
    if (!channel || channel.readyState !== 'open') return false;
    for (const event of events) channel.send(JSON.stringify(event));
    return true;
  }, []);

  /** Push to talk: the microphone track carries sound only while this is on. */
  const setMicrophone = useCallback((on: boolean) => {
    const track = trackRef.current;
    const enable = on && !!track && statusRef.current === 'connected';
    if (track) track.enabled = enable;
    setTalking(enable);
  }, []);

  useEffect(() => {
    if (!active) return;
    const aborter = new AbortController();
    let pc: RTCPeerConnection | null = null;
    let stream: MediaStream | null = null;
    let channel: RTCDataChannel | null = null;
    let remote: MediaStream | null = null;
    /** The model the session's key is bound to. */
    let model: string | null = null;
    let ended = false;
    const answeredCalls = new Set<string>();

    // Only this session's own things: a newer session may already be starting.
    const release = () => {
      if (channelRef.current === channel) channelRef.current = null;
      if (stream && trackRef.current && stream.getTracks().includes(trackRef.current)) {
        trackRef.current = null;
        setTalking(false);
      }
      channel?.close();
      stream?.getTracks().forEach((track) => track.stop());
      pc?.close();
      if (remote && audioRef.current?.srcObject === remote) audioRef.current.srcObject = null;
    };
    const fail = (failure: SessionError) => {
      if (ended) return;
      ended = true;
      aborter.abort();
      release();
      setError(failure);
      changeStatus('error');
    };

    const onMessage = (data: unknown) => {
      const message = readServerMessage(data);
      if (!message) return;
      if (message.kind === 'toolCall') {
        if (!message.callId || answeredCalls.has(message.callId)) return;
        answeredCalls.add(message.callId);
        const result = onToolCallRef.current(message.name, message.arguments);
        send(toolOutputEvents(message.callId, result.output));
      } else if (message.kind === 'assistantText') addLine('assistant', message.text);
      else if (message.kind === 'userText') addLine('you', message.text);
      else if (message.kind === 'providerError') addLine('provider', message.text);
      else if (message.kind === 'modelUnavailable') {
        fail({ title: es.assistant.errors.startFailed, detail: modelUnavailableMessage(model) });
      }
    };

    const start = async () => {
      const ephemeralKey = await fetchEphemeralKey(aborter.signal);
      const { key, sdpUrl } = ephemeralKey;
      model = ephemeralKey.model;
      if (ended) return;
      pc = new RTCPeerConnection({ iceServers: ICE_SERVERS });
      pc.ontrack = (event) => {
        remote = event.streams[0] ?? new MediaStream([event.track]);
        if (audioRef.current) audioRef.current.srcObject = remote;
      };
      pc.onconnectionstatechange = () => {
        const state = pc?.connectionState;
        if (state === 'failed') fail({ title: es.assistant.errors.connectionFailed });
        else if (state === 'disconnected' || state === 'closed') fail({ title: es.assistant.errors.connectionClosed });
      };

      if (!navigator.mediaDevices?.getUserMedia) throw new Error(es.assistant.errors.insecureContext);
      stream = await navigator.mediaDevices.getUserMedia({ audio: true }).catch((failure: unknown) => {
        throw new Error(microphoneProblem(failure));
      });
      if (ended) return release();
      const [track] = stream.getAudioTracks();
      if (!track) throw new Error(es.assistant.errors.microphoneMissing);
      track.enabled = false;
      trackRef.current = track;
      pc.addTrack(track, stream);

      channel = pc.createDataChannel(DATA_CHANNEL_LABEL);
      channelRef.current = channel;
      channel.onopen = () => {
        changeStatus('connected');
        send([sessionUpdateEvent(instructionsRef.current)]);
      };
      channel.onclose = () => fail({ title: es.assistant.errors.connectionClosed });
      channel.onmessage = (event: MessageEvent) => onMessage(event.data);

      const offer = await pc.createOffer();
      await pc.setLocalDescription(offer);
      const response = await fetch(sdpUrl, {
        method: 'POST',
        body: offer.sdp,
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/sdp' },
        signal: aborter.signal,
      });
      const body = await response.text();
      if (!response.ok) throw new Error(sdpRefusalMessage(response.status, body, model));
      if (ended) return;
      await pc.setRemoteDescription({ type: 'answer', sdp: body });
    };

    statusRef.current = 'connecting';
    start().catch((failure: unknown) => {
      if (ended) return;
      fail({ title: es.assistant.errors.startFailed, detail: getErrorMessage(failure) });
    });

    return () => {
      ended = true;
      aborter.abort();
      release();
      // Ready for the next opening.
      statusRef.current = 'idle';
      setStatus('connecting');
      setError(null);
      setLines([]);
    };
  }, [active, attempt, addLine, changeStatus, send]);

  // 'Refrescar datos' (or any change of the catalogue) reaches a live session at once.
  useEffect(() => {
    if (statusRef.current === 'connected') send([sessionUpdateEvent(instructions)]);
  }, [instructions, send]);

  const sendText = useCallback(
    (text: string) => {
      const trimmed = text.trim();
      if (!trimmed || !send(inputTextEvents(trimmed))) return false;
      addLine('you', trimmed);
      return true;
    },
    [addLine, send],
  );

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  return {
    status: active ? status : ('idle' as const),
    error: active ? error : null,
    talking,
    lines,
    attachAudio,
    setMicrophone,
    sendText,
    retry,
  };
}

export type RealtimeSession = ReturnType<typeof useRealtimeSession>;
