import { Button, FileInput, Group, Image, Input, Stack, Text } from '@mantine/core';
import { LOGO_TYPES, SETTINGS_LIMITS, SETTINGS_MESSAGES } from '@mostrador/shared';
import { IconPhoto, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { es } from '../../../i18n/es';

const t = es.settings;

/** The server's checks on the logo's file, so a wrong one is caught before it is sent. */
export function logoFileError(file: File): string | null {
  if (!(LOGO_TYPES as readonly string[]).includes(file.type)) return SETTINGS_MESSAGES.logo;
  if (file.size > SETTINGS_LIMITS.logoBytes) return SETTINGS_MESSAGES.logoTooLarge;
  return null;
}

const asDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read'));
    reader.readAsDataURL(file);
  });

interface LogoFieldProps {
  /** The logo shown: its address (as saved) or a data URL (just chosen); null without one. */
  value: string | null;
  onChange: (logo: string | null) => void;
  error?: string | null;
}

/** 'Logotipo': a preview, a file picker (PNG or JPEG up to the cap) and 'Quitar logotipo'. */
export function LogoField({ value, onChange, error }: LogoFieldProps) {
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);

  const pick = async (picked: File | null) => {
    setFile(picked);
    if (!picked) return;
    const problem = logoFileError(picked);
    setFileError(problem);
    if (!problem) onChange(await asDataUrl(picked));
  };

  return (
    <Input.Wrapper size="md" label={t.logo} description={t.logoHint} error={fileError ?? error}>
      <Group align="center" gap="md" mt={6} wrap="wrap">
        {value ? (
          <Image
            src={value}
            alt={t.logoAlt}
            h={64}
            w={128}
            fit="contain"
            radius="sm"
            bd="1px solid var(--mantine-color-default-border)"
          />
        ) : (
          <Text size="sm" c="dimmed" w={128}>
            {t.noLogo}
          </Text>
        )}
        <Stack gap={6} style={{ flex: 1, minWidth: 200 }}>
          <FileInput
            size="md"
            aria-label={t.logoPick}
            placeholder={t.logoPick}
            accept={LOGO_TYPES.join(',')}
            leftSection={<IconPhoto size={18} />}
            value={file}
            onChange={(picked) => void pick(picked)}
          />
          {value ? (
            <Button
              variant="subtle"
              color="red"
              size="compact-sm"
              leftSection={<IconTrash size={16} />}
              onClick={() => {
                setFile(null);
                setFileError(null);
                onChange(null);
              }}
              style={{ alignSelf: 'flex-start' }}
            >
              {t.logoRemove}
            </Button>
          ) : null}
        </Stack>
      </Group>
    </Input.Wrapper>
  );
}
