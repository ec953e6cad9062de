import { Alert, Button, Group, Modal, Paper, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconMicrophone, IconMicrophoneOff, IconRefresh, IconSend } from '@tabler/icons-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { es } from '../../../i18n/es';
import { usePushToTalk } from '../realtime/usePushToTalk';
import type { RealtimeSession, TranscriptLine } from '../realtime/useRealtimeSession';
import { SessionStatusBadge } from './SessionStatusBadge';

const t = es.assistant.session;

const WHO: Record<TranscriptLine['who'], string> = { you: t.you, assistant: t.assistant, provider: t.providerError };

export interface AssistantModalProps {
  opened: boolean;
  onClose: () => void;
  session: RealtimeSession;
  /**
   * Another modal (the receipt form) is open on top: Space is typing there, not talking, and
   * Escape closes that one only.
   */
  covered: boolean;
  /** 'Refrescar datos' from inside the session: the new catalogue reaches the model at once. */
  onRefresh: () => void;
  refreshing: boolean;
}

/**
 * 'Realtime Assistant': the session's status, push to talk, typed messages and what
 * was said. It sits below other modals (the receipt form opens over it).
 */
export function AssistantModal({ opened, onClose, session, covered, onRefresh, refreshing }: AssistantModalProps) {
  const { status, error, talking, lines, attachAudio, setMicrophone, sendText, retry } = session;
  const connected = status === 'connected';
  const talkHandlers = usePushToTalk({ enabled: opened && !covered, setMicrophone });
  const [text, setText] = useState('');
  const talkRef = useRef<HTMLButtonElement>(null);

  // Once connected, the talk button has the focus: Space (or a click) is ready to talk.
  useEffect(() => {
    if (connected) talkRef.current?.focus();
  }, [connected]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (sendText(text)) setText('');
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={es.assistant.modalTitle}
      zIndex={190}
      // Mounted before the receipt form, this sees an Escape first, while still covered.
      closeOnEscape={!covered}
    >
      <Stack gap="md">
        <Group justify="space-between">
          <Group gap="sm">
            <SessionStatusBadge status={status} />
            <Group gap={6} c={talking ? 'red' : 'dimmed'}>
              {talking ? <IconMicrophone size={18} /> : <IconMicrophoneOff size={18} />}
              <Text size="sm" data-testid="assistant-mic">
                {talking ? t.micOn : t.micOff}
              </Text>
            </Group>
          </Group>
          <Button
            size="xs"
            variant="subtle"
            leftSection={<IconRefresh size={14} />}
            loading={refreshing}
            onClick={onRefresh}
          >
            {es.assistant.refresh}
          </Button>
        </Group>

        {error ? (
          <Alert color="red" icon={<IconAlertTriangle />} title={error.title} role="alert">
            <Stack gap="sm" align="flex-start">
              {error.detail ? (
                <Text size="sm" style={{ wordBreak: 'break-word' }}>
                  {error.detail}
                </Text>
              ) : null}
              <Button size="xs" variant="white" color="red" onClick={retry}>
                {t.retry}
              </Button>
            </Stack>
          </Alert>
        ) : null}

        <Stack gap={4}>
          <Button
            ref={talkRef}
            size="xl"
            h="auto"
            mih={60}
            py="sm"
            fullWidth
            radius="xl"
            color={talking ? 'red' : 'teal'}
            variant={talking ? 'filled' : 'light'}
            leftSection={<IconMicrophone size={26} />}
            disabled={!connected}
            aria-pressed={talking}
            data-testid="assistant-talk"
            style={{ userSelect: 'none', touchAction: 'none' }}
            styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
            onContextMenu={(event) => event.preventDefault()}
            {...talkHandlers}
          >
            {talking ? t.talking : t.talk}
          </Button>
          <Text size="xs" c="dimmed" ta="center">
            {t.talkHint}
          </Text>
        </Stack>

        <Paper withBorder radius="md" p="xs">
          <Text size="sm" fw={600} mb={4}>
            {t.conversation}
          </Text>
          <ScrollArea.Autosize mah={180} type="auto">
            {lines.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t.empty}
              </Text>
            ) : (
              <Stack gap={4} data-testid="assistant-transcript">
                {lines.map((line) => (
                  <Text key={line.id} size="sm" c={line.who === 'provider' ? 'red' : undefined}>
                    <Text span fw={600}>
                      {WHO[line.who]}:
                    </Text>{' '}
                    {line.text}
                  </Text>
                ))}
              </Stack>
            )}
          </ScrollArea.Autosize>
        </Paper>

        <form onSubmit={submit}>
          <Group align="flex-end" gap="xs" wrap="nowrap">
            <TextInput
              label={t.typedLabel}
              placeholder={t.typedPlaceholder}
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
              disabled={!connected}
              style={{ flex: 1, minWidth: 0 }}
              maxLength={1000}
            />
            <Button type="submit" leftSection={<IconSend size={16} />} disabled={!connected || !text.trim()}>
              {t.send}
            </Button>
          </Group>
        </form>
      </Stack>
      {/* The assistant's voice. */}
      <audio ref={attachAudio} autoPlay hidden />
    </Modal>
  );
}
