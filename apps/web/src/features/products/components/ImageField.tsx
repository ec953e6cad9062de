import { FileInput, Group, Image } from '@mantine/core';
import { IMAGE_MIME_TYPES, MAX_IMAGE_BYTES, PRODUCT_MESSAGES } from '@mostrador/shared';
import { IconPhoto } from '@tabler/icons-react';
import { useCallback } from 'react';
import { es } from '../../../i18n/es';

/** The same checks the server makes, so a wrong file is caught before it is uploaded. */
export function imageError(file: File | null): string | null {
  if (!file) return null;
  if (!(IMAGE_MIME_TYPES as readonly string[]).includes(file.type)) return PRODUCT_MESSAGES.imageType;
  if (file.size > MAX_IMAGE_BYTES) return PRODUCT_MESSAGES.imageSize;
  return null;
}

interface ImageFieldProps {
  value: File | null;
  onChange: (file: File | null) => void;
  error?: string | null;
  /** The image the product has now (edit). */
  currentUrl?: string | null;
  productName: string;
  placeholder: string;
}

/** Optional product image: a file picker with a preview of the chosen (or current) image. */
export function ImageField({ value, onChange, error, currentUrl, productName, placeholder }: ImageFieldProps) {
  // React 19 ref cleanup: the object URL lives exactly as long as this preview of this file.
  const previewRef = useCallback(
    (img: HTMLImageElement | null) => {
      if (!img || !value) return;
      const url = URL.createObjectURL(value);
      img.src = url;
      return () => URL.revokeObjectURL(url);
    },
    [value],
  );
  const alt = es.products.form.imageAlt(productName || es.products.form.nameLabel);

  return (
    <Group align="flex-end" wrap="nowrap" gap="sm">
      <FileInput
        style={{ flex: 1, minWidth: 0 }}
        label={es.products.form.imageLabel}
        placeholder={placeholder}
        accept={IMAGE_MIME_TYPES.join(',')}
        leftSection={<IconPhoto size={18} />}
        clearable
        clearButtonProps={{ 'aria-label': es.products.form.removeImage }}
        value={value}
        onChange={onChange}
        error={error}
      />
      {value && !imageError(value) ? (
        <Image key="new" ref={previewRef} alt={alt} w={56} h={56} radius="md" fit="cover" />
      ) : currentUrl ? (
        <Image key="current" src={currentUrl} alt={alt} w={56} h={56} radius="md" fit="cover" />
      ) : null}
    </Group>
  );
}
