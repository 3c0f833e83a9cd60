import { useId, useRef, useState, type FormEvent } from 'react';
import { Eye, EyeOff, Info, LoaderCircle } from '../../../components/icons';
import { isApiError } from '../../../lib/api-client.ts';
import { buttonStyles, inputBase, inputStyles } from '../../../components/ui/button-styles.ts';
import { loginErrors, useLogin, type LoginResult } from '../api.ts';
import { TwoFactorStep } from './two-factor-step.tsx';

function loginErrorMessage(error: unknown): string {
  if (isApiError(error)) {
    if (error.serverMessage) return error.serverMessage;
    if (error.status === 401) return loginErrors.wrongCredentials;
  }
  return loginErrors.failed;
}

type Field = 'user' | 'pass';
/** The message and the fields it is about (none when the server failed, not the credentials). */
interface LoginError { message: string; fields: Field[] }

/** Username, password with show/hide, and the administrators-only note (spec 01 §2). */
export function LoginForm({ onSuccess }: { onSuccess: (result: LoginResult) => void }) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [error, setError] = useState<LoginError | null>(null);
  const [challenge, setChallenge] = useState<string | null>(null);
  const login = useLogin();
  const ids = { user: useId(), pass: useId(), note: useId(), error: useId() };
  const inputs = { user: useRef<HTMLInputElement>(null), pass: useRef<HTMLInputElement>(null) };
  // A field the message is about: marked invalid and described by the message.
  const invalid = (field: Field) => (error?.fields.includes(field)
    ? { 'aria-invalid': true, 'aria-describedby': ids.error } : {});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (login.isPending) return;
    const empty = [!username.trim() && 'user', !password && 'pass'].filter((field): field is Field => Boolean(field));
    if (empty.length) {
      setError({ message: loginErrors.empty, fields: empty });
      inputs[empty[0]].current?.focus();
      return;
    }
    setError(null);
    login.mutate({ username: username.trim(), password }, {
      onSuccess: (answer) => (answer.success ? onSuccess(answer) : setChallenge(answer.challenge)),
      // Wrong credentials: both fields, since either may be wrong; focus stays on the button and the alert is read.
      onError: (err) => setError({ message: loginErrorMessage(err), fields: isApiError(err, 401) ? ['user', 'pass'] : [] }),
    });
  };

  if (challenge) return <TwoFactorStep challenge={challenge} onSuccess={onSuccess} onRestart={() => { setChallenge(null); setPassword(''); }} />;
  return (
    <form onSubmit={submit} noValidate aria-describedby={ids.note} className="space-y-4">
      <div>
        <label htmlFor={ids.user} className="mb-1 block text-sm font-medium">نام کاربری</label>
        <input ref={inputs.user} id={ids.user} {...invalid('user')} name="username" autoComplete="username" autoFocus value={username} onChange={(e) => setUsername(e.target.value)} dir="auto" className={inputStyles} />
      </div>
      <div>
        <label htmlFor={ids.pass} className="mb-1 block text-sm font-medium">رمز عبور</label>
        <div className="relative">
          <input
            ref={inputs.pass}
            id={ids.pass}
            {...invalid('pass')}
            name="password"
            type={showPassword ? 'text' : 'password'}
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            dir="ltr"
            // The field is always left-to-right while the button sits at the page's end (left),
            // so this one padding is physical on purpose.
            className={`${inputBase} pl-11! text-sm`}
          />
          <button
            type="button"
            onClick={() => setShowPassword((s) => !s)}
            aria-label={showPassword ? 'پنهان کردن رمز عبور' : 'نمایش رمز عبور'}
            aria-pressed={showPassword}
            className="absolute inset-y-0 end-0 flex w-10 items-center justify-center rounded-e-lg text-muted hover:text-fg"
          >
            {showPassword ? <EyeOff aria-hidden="true" className="size-4" /> : <Eye aria-hidden="true" className="size-4" />}
          </button>
        </div>
      </div>
      {error && <p id={ids.error} role="alert" className="rounded-lg bg-accent-soft px-3 py-2 text-sm text-accent">{error.message}</p>}
      <p id={ids.note} className="flex items-center gap-2 text-xs text-muted">
        <Info aria-hidden="true" className="size-4 shrink-0" />
        دسترسی فقط برای مدیران سیستم
      </p>
      {/* Unavailable while the login is checked, yet focusable: disabled would drop focus to <body>. */}
      <button type="submit" aria-disabled={login.isPending || undefined} className={`${buttonStyles.primary} w-full aria-disabled:opacity-60`}>
        {login.isPending && <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />}
        ورود
      </button>
    </form>
  );
}
