import { useEffect, useState } from 'react';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { pushState, turnOff, turnOn, type PushState } from '../push-client.ts';

const TEXTS = {
  about: 'وقتی خبری مهم و فوری منتشر شود، مرورگرتان به شما خبر می‌دهد؛ هر وقت بخواهید می‌توانید خاموشش کنید.',
  on: 'اعلان خبرهای فوری برای این مرورگر فعال است.',
  turnOn: 'فعال کردن اعلان‌ها',
  turnOff: 'خاموش کردن اعلان‌ها',
  denied: 'اعلان‌های این سایت در تنظیمات مرورگر شما مسدود است؛ برای دریافت خبرهای فوری، آن را در تنظیمات سایت در مرورگر مجاز کنید.',
  unsupported: 'این مرورگر اعلان‌های وب را پشتیبانی نمی‌کند.',
  turnedOn: 'اعلان خبرهای فوری فعال شد.',
  turnedOff: 'اعلان خبرهای فوری خاموش شد.',
  failed: 'کار انجام نشد؛ اتصال را بررسی کنید و دوباره تلاش کنید.',
} as const;

// The dark theme's accent is too light under white text (3.6:1): a deeper red there.
const PRIMARY = `${buttonStyles.primary} dark:bg-red-700`;

/** The panel behind the prompt: what notifications are, and turning them on or off. */
export default function PushPanel() {
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState('');

  useEffect(() => {
    pushState().then(setState, () => setState('unsupported'));
  }, []);

  const run = async (change: () => Promise<PushState>, goal: PushState, done: string) => {
    setBusy(true);
    setSaid('');
    try {
      const next = await change();
      setState(next);
      setSaid(next === goal ? done : '');
    } catch (error) {
      setSaid(isApiError(error) && error.serverMessage ? error.serverMessage : TEXTS.failed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <p className="leading-7 text-muted">{TEXTS.about}</p>
      {state === 'unsupported' && <p>{TEXTS.unsupported}</p>}
      {state === 'denied' && <p>{TEXTS.denied}</p>}
      {state === 'on' && <p>{TEXTS.on}</p>}
      {(state === 'off' || state === 'on') && (
        <button
          type="button"
          disabled={busy}
          onClick={() => void (state === 'off' ? run(turnOn, 'on', TEXTS.turnedOn) : run(turnOff, 'off', TEXTS.turnedOff))}
          className={state === 'off' ? PRIMARY : buttonStyles.secondary}
        >
          {state === 'off' ? TEXTS.turnOn : TEXTS.turnOff}
        </button>
      )}
      <p role="status" className="min-h-6 text-green-700 dark:text-green-400">{said}</p>
    </>
  );
}
