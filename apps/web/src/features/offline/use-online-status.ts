import { useEffect, useState } from 'react';

/**
 * navigator.onLine, kept current. Online on the server and in the hydrating render (the
 * server cannot know), then the browser's value.
 */
export function useOnlineStatus(onChange?: (online: boolean) => void): boolean {
  const [online, setOnline] = useState(true);
  useEffect(() => {
    setOnline(navigator.onLine);
    const update = () => {
      setOnline(navigator.onLine);
      onChange?.(navigator.onLine);
    };
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, [onChange]);
  return online;
}
