// The confirmations asked for before the modals' container mounted (lib/confirm.ts), without
// Mantine's modals themselves: app/Providers.tsx reads it in the first bundle, which must stay
// without them.

let opener: ((props: unknown) => void) | null = null;
const waiting: unknown[] = [];
const listeners = new Set<() => void>();

/** Opens `props` with the container's opener, or keeps it (and asks for the container) until it has one. */
export function confirmNowOrOnMount(props: unknown): void {
  if (opener) {
    opener(props);
    return;
  }
  waiting.push(props);
  for (const listener of listeners) listener();
}

/** The container has mounted and listens: the confirmations kept meanwhile open now. */
export function modalsMounted(open: (props: unknown) => void): void {
  opener = open;
  for (const props of waiting.splice(0)) open(props);
}

/** Whether a confirmation waits for the container (it should mount now, idle or not). */
export const confirmationWaiting = () => waiting.length > 0;

export function onConfirmationWaiting(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
