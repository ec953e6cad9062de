import type { ComboboxItem, OptionsFilter } from '@mantine/core';
import { normalizeForSearch } from '@mostrador/shared';

/** Accent- and case-insensitive option search: every typed word anywhere in the label. */
export const accentInsensitiveFilter: OptionsFilter = ({ options, search, limit }) => {
  const words = normalizeForSearch(search).split(/\s+/).filter(Boolean);
  const items = options as ComboboxItem[];
  const found = words.length
    ? items.filter((option) => {
        const label = normalizeForSearch(option.label);
        return words.every((word) => label.includes(word));
      })
    : items;
  return found.slice(0, limit);
};
