import { useEffect, useRef } from 'react';

// Push to talk: the microphone is on only while the button or the Space bar is held,
// and released on key up, window blur, tab hidden, mouse up and touch end, wherever they happen.

/** Space typed into a field is text, not a press of the talk key. */
function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

export function usePushToTalk({ enabled, setMicrophone }: { enabled: boolean; setMicrophone: (on: boolean) => void }) {
  const held = useRef(false);
  const setRef = useRef(setMicrophone);
  useEffect(() => {
    setRef.current = setMicrophone;
  });

  useEffect(() => {
    const press = () => {
      held.current = true;
      setRef.current(true);
    };
    const release = () => {
      if (!held.current) return;
      held.current = false;
      setRef.current(false);
    };
    if (!enabled) {
      release();
      return;
    }

    const keyDown = (event: KeyboardEvent) => {
      if (event.code !== 'Space' || event.ctrlKey || event.metaKey || event.altKey || isEditable(event.target)) return;
      event.preventDefault();
      if (!event.repeat && !held.current) press();
    };
    const keyUp = (event: KeyboardEvent) => {
      if (event.code !== 'Space' || !held.current) return;
      // Also keeps a focused button from being clicked by the Space bar.
      event.preventDefault();
      release();
    };
    const hidden = () => {
      if (document.visibilityState === 'hidden') release();
    };

    window.addEventListener('keydown', keyDown);
    window.addEventListener('keyup', keyUp);
    window.addEventListener('blur', release);
    window.addEventListener('mouseup', release);
    window.addEventListener('touchend', release);
    window.addEventListener('touchcancel', release);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      window.removeEventListener('keydown', keyDown);
      window.removeEventListener('keyup', keyUp);
      window.removeEventListener('blur', release);
      window.removeEventListener('mouseup', release);
      window.removeEventListener('touchend', release);
      window.removeEventListener('touchcancel', release);
      document.removeEventListener('visibilitychange', hidden);
      release();
    };
  }, [enabled]);

  /** Spread onto the talk button: held with the mouse or a finger. */
  return {
    onMouseDown: (event: { button: number }) => {
      if (event.button !== 0 || !enabled) return;
      held.current = true;
      setRef.current(true);
    },
    onTouchStart: () => {
      if (!enabled) return;
      held.current = true;
      setRef.current(true);
    },
  };
}
