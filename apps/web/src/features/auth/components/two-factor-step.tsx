import { useId, useState, type FormEvent } from 'react';
import { LoaderCircle } from '../../../components/icons';
import { buttonStyles, inputStyles } from '../../../components/ui/button-styles.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { useTwoFactorLogin, type LoginResult } from '../api.ts';

/**
 * The sign-in's second step: the six-digit code from the authenticator app, or one of the
 * recovery codes. A challenge that ran out (or too many codes) sends the user back to the password.
 */
export function TwoFactorStep({ challenge, onSuccess, onRestart }: { challenge: string; onSuccess: (result: LoginResult) => void; onRestart: () => void }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const login = useTwoFactorLogin();
  const ids = { code: useId(), hint: useId() };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim().length < 6) return setError('کد را وارد کنید');
    setError(null);
    login.mutate({ challenge, code: code.trim() }, {
      onSuccess: (result) => onSuccess(result),
      onError: (err) => setError(isApiError(err) && err.serverMessage ? err.serverMessage : 'ورود ناموفق بود'),
    });
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-describedby={ids.hint}>
      <div>
        <label htmlFor={ids.code} className="mb-1 block text-sm font-medium">کد ورود دومرحله‌ای</label>
        <input
          id={ids.code} name="code" autoComplete="one-time-code" autoFocus inputMode="text" maxLength={20}
          value={code} onChange={(e) => setCode(e.target.value)} dir="ltr" className={`${inputStyles} text-center tracking-widest`}
        />
        <p id={ids.hint} className="mt-1 text-xs text-muted">کد شش‌رقمی برنامهٔ احراز هویت، یا یکی از کدهای بازیابی.</p>
      </div>
      {error && <p role="alert" className="rounded-lg bg-accent-soft px-3 py-2 text-sm text-accent">{error}</p>}
      <button type="submit" disabled={login.isPending} className={`${buttonStyles.primary} w-full`}>
        {login.isPending && <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />}
        تأیید
      </button>
      <button type="button" onClick={onRestart} className={`${buttonStyles.ghost} w-full`}>بازگشت به رمز عبور</button>
    </form>
  );
}
